//! The rules a catalogue entry's fields keep, whoever sets them: plain
//! non-negative decimals, flags, ranges, symbols, labels and leverage
//! lists. Each refuses naming the field (-1).

use onyx_kernel::{Failure, Outcome};
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use std::str::FromStr;

/// Market whose coins keep their case (spec section 3).
pub(crate) const MARKET_MT5: &str = "mt5";
pub(crate) const PRECISION_MAX: i32 = 18;
const LEVERAGE_MAX: u32 = 1000;
const LEVERAGE_OPTIONS_MAX: usize = 20;

/// A non-negative plain decimal string (`"0.001"`; no sign, exponent or
/// spaces inside), normalised (`"0.0010"` -> `"0.001"`), as a decimal
/// column stores it.
pub(crate) fn exact(field: &'static str, raw: &str) -> Outcome<DecimalText> {
    let s = raw.trim();
    let (whole, fraction) = s.split_once('.').unwrap_or((s, "0"));
    let digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(fraction) {
        return Err(Failure::invalid(field));
    }
    let d = Decimal::from_str(s).map_err(|_| Failure::invalid(field))?;
    debug_assert!(!d.is_sign_negative() || d.is_zero());
    Ok(DecimalText::from(d.normalize()))
}

/// The patch's value for a decimal column if it has one, else the
/// column's current value.
pub(crate) fn patched(
    field: &'static str,
    patch: &Option<String>,
    current: DecimalText,
) -> Outcome<DecimalText> {
    match patch {
        Some(raw) => exact(field, raw),
        None => Ok(current),
    }
}

pub(crate) fn positive(field: &'static str, value: DecimalText) -> Outcome<DecimalText> {
    if value.get() <= Decimal::ZERO {
        return Err(Failure::invalid(field));
    }
    Ok(value)
}

pub(crate) fn not_above(field: &'static str, low: DecimalText, high: DecimalText) -> Outcome<()> {
    if low <= high {
        Ok(())
    } else {
        Err(Failure::invalid(field))
    }
}

pub(crate) fn flag(field: &'static str, v: i32) -> Outcome<i32> {
    if v == 0 || v == 1 {
        Ok(v)
    } else {
        Err(Failure::invalid(field))
    }
}

pub(crate) fn in_range(field: &'static str, v: i32, low: i32, high: i32) -> Outcome<i32> {
    if (low..=high).contains(&v) {
        Ok(v)
    } else {
        Err(Failure::invalid(field))
    }
}

/// ASCII letters and digits, `len_min..=32` long.
pub(crate) fn word(field: &'static str, raw: &str, len_min: usize) -> Outcome<String> {
    let s = raw.trim();
    let ok = (len_min..=32).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric());
    if ok {
        Ok(s.to_string())
    } else {
        Err(Failure::invalid(field))
    }
}

/// A pair symbol: lower-case letters and digits, e.g. `btcusdt`.
pub(crate) fn symbol(field: &'static str, raw: &str) -> Outcome<String> {
    let s = word(field, raw, 2)?;
    if s.bytes().any(|b| b.is_ascii_uppercase()) {
        return Err(Failure::invalid(field));
    }
    Ok(s)
}

/// Display text: 1..=32 characters, no control characters.
pub(crate) fn label(field: &'static str, raw: &str) -> Outcome<String> {
    let s = raw.trim();
    let ok = (1..=32).contains(&s.chars().count()) && !s.chars().any(char::is_control);
    if ok {
        Ok(s.to_string())
    } else {
        Err(Failure::invalid(field))
    }
}

/// Comma-separated, strictly increasing positive integers: `5,10,20`.
pub(crate) fn leverage(raw: &str) -> Outcome<String> {
    let bad = || Failure::invalid("leverage");
    let mut out: Vec<u32> = Vec::new();
    for part in raw.split(',') {
        let n: u32 = part.trim().parse().map_err(|_| bad())?;
        if n == 0 || n > LEVERAGE_MAX || out.last().is_some_and(|&last| last >= n) {
            return Err(bad());
        }
        out.push(n);
    }
    if out.is_empty() || out.len() > LEVERAGE_OPTIONS_MAX {
        return Err(bad());
    }
    Ok(out.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
}
