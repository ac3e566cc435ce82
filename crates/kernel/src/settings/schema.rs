//! The settings schema: the one description of every key that the server
//! validates each `PUT /api/admin/settings/{key}` against and serves to the
//! operator console (`GET /api/admin/settings/schema`), which renders its
//! forms and runs its client-side checks from it (decision 0029).
//!
//! A key's shape comes from its built-in default (a boolean stays a
//! boolean, a number a whole number, a string whose default is a decimal a
//! non-negative decimal or empty, a time of day HH:MM:SS, objects keep
//! their fields, list items follow the first default item); `REFINEMENTS`
//! adds what the services reading the settings rely on (percents 0..100,
//! rebate ratios adding up to 100 at most, a minimum not above its maximum,
//! flags, enumerations) and what a form needs (list identity, order and
//! switch fields).

use super::{DEFAULTS_JSON, KEYS};
use crate::error_code::ErrorCode;
use crate::failure::Failure;
use crate::money::Amount;
use rust_decimal::Decimal;
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

pub const STRING_MAX: usize = 4000;
pub const LIST_MAX: usize = 500;
/// The largest whole number a browser holds exactly (2^53 - 1): the console
/// edits every number a setting has.
pub const INTEGER_MAX: u64 = 9_007_199_254_740_991;
/// Counts the wallet reads as 32-bit (`dayWithdrawalNum`, `freeNum`, ...).
const COUNT_MAX: u64 = 4_294_967_295;

#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum FieldSchema {
    Boolean,
    Integer(IntegerSchema),
    String(StringSchema),
    Object(ObjectSchema),
    Array(ArraySchema),
}

/// A value stored as one of two values and edited as a switch.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct Flag<T> {
    pub on: T,
    pub off: T,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct IntegerSchema {
    pub minimum: u64,
    pub maximum: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flag: Option<Flag<u64>>,
    #[serde(rename = "enum", skip_serializing_if = "Option::is_none")]
    pub one_of: Option<Vec<u64>>,
}

#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// A non-negative plain decimal, or empty ("no limit").
    Decimal,
    /// HH:MM:SS.
    Time,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct StringSchema {
    pub max_length: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub format: Option<Format>,
    /// Must not be empty after trimming.
    #[serde(skip_serializing_if = "is_false")]
    pub non_empty: bool,
    /// The largest decimal allowed (format decimal).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_decimal: Option<String>,
    /// `max_decimal` itself is not allowed.
    #[serde(skip_serializing_if = "is_false")]
    pub max_exclusive: bool,
    #[serde(rename = "enum", skip_serializing_if = "Option::is_none")]
    pub one_of: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flag: Option<Flag<String>>,
    /// Names a coin: when not empty, a listed coin of the catalogue (or
    /// USDT). The kernel has no catalogue; the settings route checks these
    /// fields (`coin_fields`) against it.
    #[serde(skip_serializing_if = "is_false")]
    pub coin: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A rule over the fields of one object.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum ObjectRule {
    /// `low` is not above `high` (both decimals or both whole numbers;
    /// an empty decimal is "no limit" and passes).
    NotAbove { low: String, high: String },
    /// The decimals `fields` add up to `max` at most.
    SumNotAbove { fields: Vec<String>, max: String },
}

#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct ObjectSchema {
    /// In the default's order: the console lays its form out in it.
    pub properties: Properties,
    /// Every field of the default.
    pub required: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<ObjectRule>,
}

/// Fields in order; serialized as a JSON object in that order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Properties(pub Vec<(String, FieldSchema)>);

impl Properties {
    pub fn get(&self, name: &str) -> Option<&FieldSchema> {
        self.0.iter().find(|(k, _)| k == name).map(|(_, s)| s)
    }
}

impl Serialize for Properties {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct ExactlyOne {
    pub field: String,
    pub value: Value,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ArraySchema {
    /// The first default item's shape; null: any object (an empty default).
    pub items: Option<Box<FieldSchema>>,
    pub max_items: usize,
    /// The item field naming an item (unique, non-empty).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub identity: Option<String>,
    /// The item field the user app orders by.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sort_field: Option<String>,
    /// The item field switching an item on and off.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub toggle_field: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exactly_one: Option<ExactlyOne>,
}

/// What the console fetches: the keys in spec order and each key's schema.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    pub keys: Vec<String>,
    pub settings: Vec<(String, FieldSchema)>,
}

impl Serialize for Document {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("keys", &self.keys)?;
        m.serialize_entry("settings", &Properties(self.settings.clone()))?;
        m.end()
    }
}

impl Document {
    pub fn get(&self, key: &str) -> Option<&FieldSchema> {
        self.settings.iter().find(|(k, _)| k == key).map(|(_, s)| s)
    }
}

/// The schema of every key, built once from the defaults and REFINEMENTS.
pub fn document() -> &'static Document {
    static DOC: OnceLock<Document> = OnceLock::new();
    DOC.get_or_init(|| {
        let defaults: Ordered =
            serde_json::from_str(DEFAULTS_JSON).expect("defaults.json is valid");
        let Ordered::Map(entries) = defaults else {
            panic!("defaults.json is an object")
        };
        let table = refinements();
        let settings = entries
            .iter()
            .map(|(k, v)| (k.clone(), refine(derive(v), k, &table)))
            .collect();
        let mut keys: Vec<String> = KEYS.iter().map(|k| k.to_string()).collect();
        keys.extend(
            entries
                .iter()
                .map(|(k, _)| k.clone())
                .filter(|k| !KEYS.contains(&k.as_str())),
        );
        Document { keys, settings }
    })
}

pub fn schema_for(key: &str) -> Option<&'static FieldSchema> {
    document().get(key)
}

// ---- derivation ---------------------------------------------------------

/// A JSON value with its objects' field order kept (serde_json's map sorts
/// its keys in this build).
#[derive(Debug, Clone)]
enum Ordered {
    Null,
    Bool,
    Number,
    Str(String),
    List(Vec<Ordered>),
    Map(Vec<(String, Ordered)>),
}

impl<'de> Deserialize<'de> for Ordered {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Ordered, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Ordered;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("JSON")
            }
            fn visit_unit<E: de::Error>(self) -> Result<Ordered, E> {
                Ok(Ordered::Null)
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<Ordered, E> {
                Ok(Ordered::Bool)
            }
            fn visit_u64<E: de::Error>(self, _: u64) -> Result<Ordered, E> {
                Ok(Ordered::Number)
            }
            fn visit_i64<E: de::Error>(self, _: i64) -> Result<Ordered, E> {
                Ok(Ordered::Number)
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<Ordered, E> {
                Ok(Ordered::Number)
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Ordered, E> {
                Ok(Ordered::Str(s.to_string()))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Ordered, A::Error> {
                let mut out = Vec::new();
                while let Some(v) = a.next_element()? {
                    out.push(v);
                }
                Ok(Ordered::List(out))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Ordered, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = a.next_entry::<String, Ordered>()? {
                    // serde_json's arbitrary_precision hands a number it
                    // cannot hold in 64 bits over as this one-entry map.
                    if k == "$serde_json::private::Number" {
                        return Ok(Ordered::Number);
                    }
                    out.push((k, v));
                }
                Ok(Ordered::Map(out))
            }
        }
        d.deserialize_any(V)
    }
}

/// Item fields that name an item, most telling first.
const IDENTITY_FIELDS: &[&str] = &[
    "key",
    "dictValue",
    "coinName",
    "rechargeName",
    "coin",
    "name",
    "offSet",
    "url",
];

fn text() -> StringSchema {
    StringSchema {
        max_length: STRING_MAX,
        format: None,
        non_empty: false,
        max_decimal: None,
        max_exclusive: false,
        one_of: None,
        flag: None,
        coin: false,
    }
}

fn derive(v: &Ordered) -> FieldSchema {
    match v {
        Ordered::Bool => FieldSchema::Boolean,
        Ordered::Number => FieldSchema::Integer(IntegerSchema {
            minimum: 0,
            maximum: INTEGER_MAX,
            flag: None,
            one_of: None,
        }),
        Ordered::Str(s) => {
            let mut out = text();
            if Amount::parse(s).is_ok() {
                out.format = Some(Format::Decimal);
            } else if is_time_of_day(s) {
                out.format = Some(Format::Time);
            }
            FieldSchema::String(out)
        }
        Ordered::List(items) => {
            let items = items.first().map(|i| Box::new(derive(i)));
            let mut a = ArraySchema {
                items,
                max_items: LIST_MAX,
                identity: None,
                sort_field: None,
                toggle_field: None,
                exactly_one: None,
            };
            if let Some(FieldSchema::Object(o)) = a.items.as_deref() {
                let p = &o.properties;
                a.identity = IDENTITY_FIELDS
                    .iter()
                    .find(|f| matches!(p.get(f), Some(FieldSchema::String(_))))
                    .map(|f| f.to_string());
                a.sort_field = ["sort", "dictSort"]
                    .iter()
                    .find(|f| matches!(p.get(f), Some(FieldSchema::Integer(_))))
                    .map(|f| f.to_string());
                if matches!(p.get("isOpen"), Some(FieldSchema::Boolean)) {
                    a.toggle_field = Some("isOpen".into());
                }
            }
            FieldSchema::Array(a)
        }
        Ordered::Map(fields) => FieldSchema::Object(ObjectSchema {
            properties: Properties(fields.iter().map(|(k, v)| (k.clone(), derive(v))).collect()),
            required: fields.iter().map(|(k, _)| k.clone()).collect(),
            rules: Vec::new(),
        }),
        // null never appears in the defaults; free text.
        Ordered::Null => FieldSchema::String(text()),
    }
}

// ---- refinements ------------------------------------------------------------

/// What a path pattern (`KEY.field`, `[]` for "every item") adds.
#[derive(Debug, Clone)]
enum Refinement {
    /// A decimal from 0 to this (inclusive).
    MaxDecimal(&'static str),
    /// A decimal from 0 up to but not including this.
    Below(&'static str),
    NonEmpty,
    /// Free text although the default looks like a decimal.
    PlainText,
    IntRange(u64, u64),
    IntFlag(u64, u64),
    IntOneOf(&'static [u64]),
    StrFlag(&'static str, &'static str),
    Rule(ObjectRule),
    /// A coin name (see `StringSchema::coin`).
    Coin,
    Identity(&'static str),
    Toggle(&'static str),
    SortBy(&'static str),
    ExactlyOne(&'static str, &'static str),
}

use Refinement::*;

const PERCENT: Refinement = MaxDecimal("100");
const BINARY: Refinement = IntFlag(1, 0);

fn not_above(low: &str, high: &str) -> Refinement {
    Rule(ObjectRule::NotAbove {
        low: low.into(),
        high: high.into(),
    })
}

/// Each entry is consistent with what the services reading the setting
/// accept; where a service would quietly ignore a value (a rebate ratio
/// of 150 %), the schema refuses it instead.
fn refinements() -> HashMap<String, Vec<Refinement>> {
    let mut t: Vec<(String, Refinement)> = vec![
        // wallet/src/withdrawal_rules.rs: the maximum is required, ratios are
        // percents 0..100, limitTime and a channel's status are 0/1 flags,
        // counts are 32-bit.
        (
            "WITHDRAWAL_SETTING".into(),
            not_above("withdrawalMix", "withdrawalMax"),
        ),
        ("WITHDRAWAL_SETTING.withdrawalMax".into(), NonEmpty),
        ("WITHDRAWAL_SETTING.ratio".into(), PERCENT),
        ("WITHDRAWAL_SETTING.limitTime".into(), BINARY),
        (
            "WITHDRAWAL_SETTING.dayWithdrawalNum".into(),
            IntRange(0, COUNT_MAX),
        ),
        ("WITHDRAWAL_SETTING.freeNum".into(), IntRange(0, COUNT_MAX)),
        (
            "WITHDRAWAL_CHANNEL_SETTING[]".into(),
            not_above("withdrawalMix", "withdrawalMax"),
        ),
        ("WITHDRAWAL_CHANNEL_SETTING[].status".into(), BINARY),
        ("WITHDRAWAL_CHANNEL_SETTING[].ratio".into(), PERCENT),
        (
            "WITHDRAWAL_CHANNEL_SETTING[].dayWithdrawalNum".into(),
            IntRange(0, COUNT_MAX),
        ),
        (
            "WITHDRAWAL_CHANNEL_SETTING[].freeNum".into(),
            IntRange(0, COUNT_MAX),
        ),
        ("WITHDRAWAL_CHANNEL_SETTING".into(), Toggle("status")),
        (
            "WITHDRAWAL_CHANNEL_SETTING".into(),
            Identity("rechargeName"),
        ),
        (
            "ASSET_COIN[]".into(),
            not_above("rechargeMin", "rechargeMax"),
        ),
        ("ASSET_COIN[].rechargeNum".into(), IntRange(0, COUNT_MAX)),
        ("ASSET_COIN".into(), Identity("coinName")),
        ("ASSET_COIN[].coin".into(), NonEmpty),
        // Coins the apps show and the wallet books: only listed ones.
        ("ASSET_COIN[].coin".into(), Coin),
        ("HOME_COIN_SETTING[].coin".into(), Coin),
        ("WITHDRAWAL_CHANNEL_SETTING[].type".into(), Coin),
        ("WITHDRAWAL_SETTING.coinTax".into(), Coin),
        // rewards/src/rules.rs pays nothing when a ratio is not a number
        // from 0 to 100 or the three add up to more than 100.
        (
            "FINANCIAL_REBATE_SETTING".into(),
            Rule(ObjectRule::SumNotAbove {
                fields: vec!["oneRatio".into(), "twoRatio".into(), "threeRatio".into()],
                max: "100".into(),
            }),
        ),
        // copy-trading/src/settings.rs: a share of the profit, 0 <= rate < 1;
        // the lead's rebate a percent; the default follower cap within the cap.
        ("TRADER_SETTING.shareRate".into(), Below("1")),
        ("TRADER_SETTING.highRebate".into(), PERCENT),
        ("TRADER_SETTING.maxUserCount".into(), IntRange(0, 1_000_000)),
        (
            "TRADER_SETTING.defaultUserCount".into(),
            IntRange(0, 1_000_000),
        ),
        (
            "TRADER_SETTING".into(),
            not_above("defaultUserCount", "maxUserCount"),
        ),
        // earn: 1 pays daily, 2 at maturity.
        (
            "MING_SETTLEMENT_SETTING.settlementType".into(),
            IntOneOf(&[1, 2]),
        ),
        ("LOGO_SETTING.name".into(), NonEmpty),
        ("timeZone.zoneId".into(), NonEmpty),
        // Hours from UTC: "-5" is as good as "8".
        ("timeZone.offSetValue".into(), PlainText),
        ("timeZone.list".into(), Identity("offSet")),
        // The trade screen's tabs: in `sort` order, opening on the one
        // marked default (web/src/features/spot/components/trade-tabs.ts).
        ("PLAYING_SETTING".into(), ExactlyOne("default", "Y")),
        ("PLAYING_SETTING[].default".into(), StrFlag("Y", "N")),
        // RuoYi dictionary rows: status "0" in use, "1" off; one default.
        ("t_app_language".into(), Identity("dictValue")),
        ("t_app_language".into(), Toggle("status")),
        ("t_app_language".into(), SortBy("dictSort")),
        ("t_app_language".into(), ExactlyOne("default", "Y")),
        ("t_app_language[].status".into(), StrFlag("0", "1")),
        ("t_app_language[].default".into(), StrFlag("Y", "N")),
        ("t_app_language[].dictLabel".into(), NonEmpty),
    ];
    for f in ["oneRatio", "twoRatio", "threeRatio"] {
        t.push((format!("FINANCIAL_REBATE_SETTING.{f}"), PERCENT));
        t.push((format!("FINANCIAL_REBATE_SETTING.{f}"), NonEmpty));
    }
    for n in 0..13 {
        t.push((
            "VIP_LEVEL_SETTING".into(),
            not_above(&format!("vip{n}Start"), &format!("vip{n}End")),
        ));
    }
    let mut out: HashMap<String, Vec<Refinement>> = HashMap::new();
    for (k, r) in t {
        out.entry(k).or_default().push(r);
    }
    out
}

fn apply(s: &mut FieldSchema, r: &Refinement) {
    match (s, r) {
        (FieldSchema::String(s), MaxDecimal(max)) => {
            s.max_decimal = Some(max.to_string());
            s.max_exclusive = false;
        }
        (FieldSchema::String(s), Below(max)) => {
            s.max_decimal = Some(max.to_string());
            s.max_exclusive = true;
        }
        (FieldSchema::String(s), NonEmpty) => s.non_empty = true,
        (FieldSchema::String(s), PlainText) => s.format = None,
        (FieldSchema::String(s), Coin) => s.coin = true,
        (FieldSchema::String(s), StrFlag(on, off)) => {
            s.flag = Some(Flag {
                on: on.to_string(),
                off: off.to_string(),
            })
        }
        (FieldSchema::Integer(s), IntRange(min, max)) => {
            s.minimum = *min;
            s.maximum = *max;
        }
        (FieldSchema::Integer(s), IntFlag(on, off)) => s.flag = Some(Flag { on: *on, off: *off }),
        (FieldSchema::Integer(s), IntOneOf(values)) => s.one_of = Some(values.to_vec()),
        (FieldSchema::Object(o), Rule(rule)) => o.rules.push(rule.clone()),
        (FieldSchema::Array(a), Identity(f)) => a.identity = Some(f.to_string()),
        (FieldSchema::Array(a), Toggle(f)) => a.toggle_field = Some(f.to_string()),
        (FieldSchema::Array(a), SortBy(f)) => a.sort_field = Some(f.to_string()),
        (FieldSchema::Array(a), ExactlyOne(field, value)) => {
            a.exactly_one = Some(ExactlyOne {
                field: field.to_string(),
                value: Value::String(value.to_string()),
            })
        }
        (s, r) => panic!("refinement {r:?} does not fit {s:?}"),
    }
}

fn refine(
    mut schema: FieldSchema,
    pattern: &str,
    table: &HashMap<String, Vec<Refinement>>,
) -> FieldSchema {
    for r in table.get(pattern).into_iter().flatten() {
        apply(&mut schema, r);
    }
    match &mut schema {
        FieldSchema::Object(o) => {
            for (k, v) in o.properties.0.iter_mut() {
                *v = refine(v.clone(), &format!("{pattern}.{k}"), table);
            }
        }
        FieldSchema::Array(a) => {
            if let Some(items) = a.items.take() {
                a.items = Some(Box::new(refine(*items, &format!("{pattern}[]"), table)));
            }
            // A list's identity must be filled in (and is kept unique).
            if let (Some(id), Some(FieldSchema::Object(o))) = (&a.identity, a.items.as_deref_mut())
            {
                if let Some((_, FieldSchema::String(s))) =
                    o.properties.0.iter_mut().find(|(k, _)| k == id)
                {
                    s.non_empty = true;
                }
            }
        }
        _ => {}
    }
    schema
}

// ---- validation ---------------------------------------------------------

/// One problem of a value: where (`KEY.field[0].sub`) and what, as the
/// failure the operator reads in their language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Issue {
    pub path: String,
    pub code: ErrorCode,
    pub args: Vec<(&'static str, String)>,
}

impl Issue {
    fn new(path: &str, code: ErrorCode) -> Issue {
        Issue {
            path: path.to_string(),
            code,
            args: Vec::new(),
        }
    }

    fn with(mut self, name: &'static str, value: impl ToString) -> Issue {
        self.args.push((name, value.to_string()));
        self
    }

    pub fn failure(&self) -> Failure {
        self.args.iter().fold(
            Failure::new(self.code).with("field", &self.path),
            |f, (k, v)| f.with(k, v),
        )
    }
}

/// Every problem of `value` as the value of `key`, in form order; an
/// unknown key is one problem at the key.
pub fn issues(key: &str, value: &Value) -> Vec<Issue> {
    let mut out = Vec::new();
    match schema_for(key) {
        Some(s) => check(s, value, key, &mut out),
        None => out.push(Issue::new(key, ErrorCode::SettingUnknown).with("key", key)),
    }
    out
}

/// An operator's text as a message may repeat it: no control characters,
/// at most 40 characters.
fn shown(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .take(40)
        .collect()
}

fn wrong_type(path: &str, expected: &str) -> Issue {
    Issue::new(path, ErrorCode::SettingWrongType).with("expected", expected)
}

/// A decimal the way Amount::parse reads one (non-negative, plain).
fn decimal_of(s: &str) -> Option<Decimal> {
    Amount::parse(s).ok().map(|a| a.as_decimal())
}

fn check(schema: &FieldSchema, value: &Value, path: &str, out: &mut Vec<Issue>) {
    match schema {
        FieldSchema::Boolean => {
            if !value.is_boolean() {
                out.push(wrong_type(path, "true/false"));
            }
        }
        FieldSchema::Integer(s) => {
            let Some(n) = value.as_u64() else {
                out.push(wrong_type(path, "0, 1, 2…"));
                return;
            };
            if n < s.minimum || n > s.maximum {
                out.push(
                    Issue::new(path, ErrorCode::SettingOutOfRange)
                        .with("min", s.minimum)
                        .with("max", s.maximum),
                );
            } else if let Some(f) = &s.flag {
                if n != f.on && n != f.off {
                    out.push(
                        Issue::new(path, ErrorCode::SettingNotOneOf)
                            .with("values", format!("{}, {}", f.on, f.off)),
                    );
                }
            } else if let Some(values) = &s.one_of {
                if !values.contains(&n) {
                    let list: Vec<String> = values.iter().map(u64::to_string).collect();
                    out.push(
                        Issue::new(path, ErrorCode::SettingNotOneOf)
                            .with("values", list.join(", ")),
                    );
                }
            }
        }
        FieldSchema::String(s) => check_string(s, value, path, out),
        FieldSchema::Object(s) => {
            let Some(obj) = value.as_object() else {
                out.push(wrong_type(path, "{…}"));
                return;
            };
            for k in obj.keys() {
                if s.properties.get(k).is_none() {
                    out.push(Issue::new(
                        &format!("{path}.{}", shown(k)),
                        ErrorCode::SettingFieldUnknown,
                    ));
                }
            }
            for (k, fs) in &s.properties.0 {
                match obj.get(k) {
                    Some(v) => check(fs, v, &format!("{path}.{k}"), out),
                    None if s.required.contains(k) => out.push(Issue::new(
                        &format!("{path}.{k}"),
                        ErrorCode::SettingFieldMissing,
                    )),
                    None => {}
                }
            }
            for rule in &s.rules {
                check_rule(rule, obj, path, out);
            }
        }
        FieldSchema::Array(s) => {
            let Some(list) = value.as_array() else {
                out.push(wrong_type(path, "[…]"));
                return;
            };
            if list.len() > s.max_items {
                out.push(Issue::new(path, ErrorCode::SettingTooLong).with("max", s.max_items));
                return;
            }
            for (i, item) in list.iter().enumerate() {
                let at = format!("{path}[{i}]");
                match &s.items {
                    Some(items) => check(items, item, &at, out),
                    None if item.is_object() => {}
                    None => out.push(wrong_type(&at, "{…}")),
                }
            }
            if let Some(id) = &s.identity {
                let mut seen: Vec<String> = Vec::new();
                for (i, item) in list.iter().enumerate() {
                    let Some(v) = item.get(id).and_then(Value::as_str) else {
                        continue;
                    };
                    let norm = v.trim().to_lowercase();
                    if norm.is_empty() {
                        continue;
                    }
                    if seen.contains(&norm) {
                        out.push(
                            Issue::new(&format!("{path}[{i}].{id}"), ErrorCode::SettingDuplicate)
                                .with("value", shown(v)),
                        );
                    } else {
                        seen.push(norm);
                    }
                }
            }
            if let Some(one) = &s.exactly_one {
                let count = list
                    .iter()
                    .filter(|item| item.get(&one.field) == Some(&one.value))
                    .count();
                if !list.is_empty() && count != 1 {
                    let shown_value = match &one.value {
                        Value::String(v) => v.clone(),
                        v => v.to_string(),
                    };
                    out.push(
                        Issue::new(path, ErrorCode::SettingExactlyOne)
                            .with("item", &one.field)
                            .with("value", shown_value),
                    );
                }
            }
        }
    }
}

fn check_string(s: &StringSchema, value: &Value, path: &str, out: &mut Vec<Issue>) {
    let Some(v) = value.as_str() else {
        out.push(wrong_type(path, "\"…\""));
        return;
    };
    if v.chars().count() > s.max_length {
        out.push(Issue::new(path, ErrorCode::SettingTooLong).with("max", s.max_length));
        return;
    }
    if s.non_empty && v.trim().is_empty() {
        out.push(Issue::new(path, ErrorCode::SettingRequired));
        return;
    }
    match s.format {
        Some(Format::Decimal) if !v.is_empty() => {
            let Some(d) = decimal_of(v) else {
                out.push(Issue::new(path, ErrorCode::SettingNotDecimal));
                return;
            };
            if let Some(max) = s.max_decimal.as_deref().and_then(decimal_of) {
                if s.max_exclusive && d >= max {
                    out.push(
                        Issue::new(path, ErrorCode::SettingBelow)
                            .with("min", 0)
                            .with("max", max),
                    );
                } else if d > max {
                    out.push(
                        Issue::new(path, ErrorCode::SettingOutOfRange)
                            .with("min", 0)
                            .with("max", max),
                    );
                }
            }
        }
        Some(Format::Decimal) => {}
        Some(Format::Time) => {
            if !is_time_of_day(v) {
                out.push(Issue::new(path, ErrorCode::SettingNotTime));
            }
        }
        None => {
            if let Some(f) = &s.flag {
                if v != f.on && v != f.off {
                    out.push(
                        Issue::new(path, ErrorCode::SettingNotOneOf)
                            .with("values", format!("{}, {}", f.on, f.off)),
                    );
                }
            } else if let Some(values) = &s.one_of {
                if !values.iter().any(|x| x == v) {
                    out.push(
                        Issue::new(path, ErrorCode::SettingNotOneOf)
                            .with("values", values.join(", ")),
                    );
                }
            }
        }
    }
}

/// A field's value for a rule: a decimal string or a whole number. `None`
/// when it is missing, empty ("no limit") or of the wrong kind, which the
/// field's own check reports.
fn rule_number(v: Option<&Value>) -> Option<Decimal> {
    match v? {
        Value::String(s) if !s.is_empty() => decimal_of(s),
        Value::Number(n) => n.as_u64().map(Decimal::from),
        _ => None,
    }
}

fn check_rule(
    rule: &ObjectRule,
    obj: &serde_json::Map<String, Value>,
    path: &str,
    out: &mut Vec<Issue>,
) {
    match rule {
        ObjectRule::NotAbove { low, high } => {
            if let (Some(l), Some(h)) = (rule_number(obj.get(low)), rule_number(obj.get(high))) {
                if l > h {
                    out.push(
                        Issue::new(&format!("{path}.{low}"), ErrorCode::SettingAboveOther)
                            .with("other", format!("{path}.{high}")),
                    );
                }
            }
        }
        ObjectRule::SumNotAbove { fields, max } => {
            let parts: Option<Vec<Decimal>> = fields
                .iter()
                .map(|f| match obj.get(f) {
                    Some(Value::String(s)) if s.is_empty() => Some(Decimal::ZERO),
                    Some(Value::String(s)) => decimal_of(s),
                    _ => None,
                })
                .collect();
            let Some(parts) = parts else { return };
            let sum = parts
                .iter()
                .try_fold(Decimal::ZERO, |a, b| a.checked_add(*b));
            let Some(max_d) = decimal_of(max) else { return };
            if sum.is_none_or(|s| s > max_d) {
                let first = fields.first().map(String::as_str).unwrap_or_default();
                out.push(
                    Issue::new(&format!("{path}.{first}"), ErrorCode::SettingSumTooHigh)
                        .with("fields", format!("{path}.{}", fields.join(" + ")))
                        .with("max", max),
                );
            }
        }
    }
}

/// The coins `value` names in the fields its schema marks as coins, with
/// their paths, for the caller to check against the catalogue. Empty values
/// and values of the wrong kind are left to `issues`.
pub fn coin_fields(key: &str, value: &Value) -> Vec<(String, String)> {
    fn walk(s: &FieldSchema, v: &Value, path: &str, out: &mut Vec<(String, String)>) {
        match (s, v) {
            (FieldSchema::String(s), Value::String(v)) if s.coin && !v.trim().is_empty() => {
                out.push((path.to_string(), v.clone()))
            }
            (FieldSchema::Object(o), Value::Object(obj)) => {
                for (k, fs) in &o.properties.0 {
                    if let Some(fv) = obj.get(k) {
                        walk(fs, fv, &format!("{path}.{k}"), out);
                    }
                }
            }
            (FieldSchema::Array(a), Value::Array(list)) => {
                if let Some(items) = &a.items {
                    for (i, item) in list.iter().enumerate() {
                        walk(items, item, &format!("{path}[{i}]"), out);
                    }
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    if let Some(s) = schema_for(key) {
        walk(s, value, key, &mut out);
    }
    out
}

pub(super) fn is_time_of_day(s: &str) -> bool {
    let parts: Vec<_> = s.split(':').collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|p| p.len() == 2 && p.chars().all(|c| c.is_ascii_digit()))
        && parts[0] < "24"
        && parts[1] < "60"
        && parts[2] < "60"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derivation_keeps_field_order_and_reads_any_number_as_a_number() {
        let v: Ordered =
            serde_json::from_str(r#"{"z": 1.5, "a": 2, "m": [{"key": "x"}]}"#).unwrap();
        let FieldSchema::Object(o) = derive(&v) else {
            panic!("an object")
        };
        let names: Vec<_> = o.properties.0.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(names, ["z", "a", "m"]);
        assert!(matches!(
            o.properties.get("z"),
            Some(FieldSchema::Integer(_))
        ));
        assert!(matches!(
            o.properties.get("m"),
            Some(FieldSchema::Array(ArraySchema { identity: Some(id), .. })) if id == "key"
        ));
    }

    #[test]
    fn coin_fields_are_found_where_the_schema_marks_them() {
        let mut v = crate::settings::defaults()["HOME_COIN_SETTING"].clone();
        v[1]["coin"] = Value::String("NOTACOIN".into());
        let found = coin_fields("HOME_COIN_SETTING", &v);
        assert_eq!(found.len(), 8);
        assert_eq!(
            found[1],
            ("HOME_COIN_SETTING[1].coin".into(), "NOTACOIN".into())
        );
        assert!(coin_fields("AUTH_LIMIT", &crate::settings::defaults()["AUTH_LIMIT"]).is_empty());
    }
}
