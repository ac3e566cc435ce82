//! `DecimalText`: an exact decimal kept in a TEXT column.
//!
//! Amounts and prices are stored as their decimal text on both databases:
//! SQLite has no exact decimal type (its NUMERIC affinity turns "0.1" into
//! a binary float), and one representation keeps the same migrations and
//! queries for both. A model field of this type is parsed once, when the
//! row is read, so no repository or service handles amount strings. The
//! cost: SQL cannot sum or compare amounts; sums are the ledger's, done in
//! Rust (`onyx_kernel::ledger::Recompute`). See decision 0017.

use rust_decimal::Decimal;
use sea_orm::sea_query::{ArrayType, ColumnType, Nullable, ValueType, ValueTypeErr};
use sea_orm::{ColIdx, QueryResult, TryGetError, TryGetable, Value};
use std::fmt;
use std::str::FromStr;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DecimalText(pub Decimal);

impl DecimalText {
    pub const ZERO: DecimalText = DecimalText(Decimal::ZERO);

    pub fn get(self) -> Decimal {
        self.0
    }
}

impl From<Decimal> for DecimalText {
    fn from(d: Decimal) -> DecimalText {
        DecimalText(d)
    }
}

impl From<DecimalText> for Decimal {
    fn from(d: DecimalText) -> Decimal {
        d.0
    }
}

impl fmt::Display for DecimalText {
    /// The normalized text ("1.50" is written "1.5"): what is stored and
    /// what the API shows.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.normalize())
    }
}

impl FromStr for DecimalText {
    type Err = rust_decimal::Error;
    fn from_str(s: &str) -> Result<DecimalText, Self::Err> {
        Decimal::from_str(s.trim()).map(DecimalText)
    }
}

impl serde::Serialize for DecimalText {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// From its decimal text only: a JSON number would have passed through a
/// float on the way.
impl<'de> serde::Deserialize<'de> for DecimalText {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<DecimalText, D::Error> {
        struct Text;
        impl serde::de::Visitor<'_> for Text {
            type Value = DecimalText;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a decimal as text")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<DecimalText, E> {
                DecimalText::from_str(v).map_err(E::custom)
            }
        }
        d.deserialize_str(Text)
    }
}

impl From<DecimalText> for Value {
    fn from(d: DecimalText) -> Value {
        Value::String(Some(Box::new(d.to_string())))
    }
}

impl TryGetable for DecimalText {
    fn try_get_by<I: ColIdx>(res: &QueryResult, idx: I) -> Result<Self, TryGetError> {
        let text = <String as TryGetable>::try_get_by(res, idx)?;
        DecimalText::from_str(&text).map_err(|e| {
            TryGetError::DbErr(sea_orm::DbErr::Type(format!(
                "not a decimal in a decimal column: {text:?}: {e}"
            )))
        })
    }
}

impl ValueType for DecimalText {
    fn try_from(v: Value) -> Result<Self, ValueTypeErr> {
        match v {
            Value::String(Some(text)) => DecimalText::from_str(&text).map_err(|_| ValueTypeErr),
            _ => Err(ValueTypeErr),
        }
    }

    fn type_name() -> String {
        "DecimalText".to_owned()
    }

    fn array_type() -> ArrayType {
        ArrayType::String
    }

    fn column_type() -> ColumnType {
        ColumnType::Text
    }
}

impl Nullable for DecimalText {
    fn null() -> Value {
        Value::String(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_normalized_and_read_back_exactly() {
        let d = DecimalText::from_str("0.100000000000000000000000001").unwrap();
        let value: Value = d.into();
        assert_eq!(
            value,
            Value::String(Some(Box::new("0.100000000000000000000000001".into())))
        );
        assert_eq!(<DecimalText as ValueType>::try_from(value).unwrap(), d);
        assert_eq!(DecimalText::from_str("1.50").unwrap().to_string(), "1.5");
        assert!(
            <DecimalText as ValueType>::try_from(Value::String(Some(Box::new("1e3x".into()))))
                .is_err()
        );
    }
}
