//! Reading a request body: a field the call reads as text (every amount,
//! price and quantity is text, parsed later by the one strict parser) also
//! takes a JSON number, as the exact digits it was sent with. serde_json
//! keeps a number's text (`arbitrary_precision`), so `100` becomes "100"
//! and `0.1` becomes "0.1" without ever passing through an `f64`; an
//! exponent (`1e5`) arrives as its text too, and the strict parser refuses
//! it like the same string. Everything else deserializes as serde_json
//! would.

use serde::de::{
    self, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, SeqAccess, Visitor,
};
use serde_json::{Map, Value};

/// A parsed body, read with numbers accepted where text is expected.
pub struct Lenient(pub Value);

type Error = serde_json::Error;

impl<'de> Deserializer<'de> for Lenient {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::String(s) => visitor.visit_string(no_nul(s)?),
            Value::Array(items) => visitor.visit_seq(Items(items.into_iter())),
            Value::Object(fields) => visitor.visit_map(Fields::new(fields)),
            other => other.deserialize_any(visitor),
        }
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Number(n) => visitor.visit_string(n.to_string()),
            Value::String(s) => visitor.visit_string(no_nul(s)?),
            other => other.deserialize_str(visitor),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Null => visitor.visit_none(),
            other => visitor.visit_some(Lenient(other)),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Array(items) => visitor.visit_seq(Items(items.into_iter())),
            other => other.deserialize_seq(visitor),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Object(fields) => visitor.visit_map(Fields::new(fields)),
            other => other.deserialize_map(visitor),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        field_names: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.0 {
            Value::Object(fields) => visitor.visit_map(Fields::new(fields)),
            other => other.deserialize_struct(name, field_names, visitor),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    // Numbers, booleans, enums and the rest read exactly as serde_json
    // reads them.
    fn deserialize_bool<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.0.deserialize_bool(v)
    }
    fn deserialize_i8<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.0.deserialize_i8(v)
    }
    fn deserialize_i16<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.0.deserialize_i16(v)
    }
    fn deserialize_i32<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.0.deserialize_i32(v)
    }
    fn deserialize_i64<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.0.deserialize_i64(v)
    }
    fn deserialize_i128<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.0.deserialize_i128(v)
    }
    fn deserialize_u8<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.0.deserialize_u8(v)
    }
    fn deserialize_u16<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.0.deserialize_u16(v)
    }
    fn deserialize_u32<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.0.deserialize_u32(v)
    }
    fn deserialize_u64<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.0.deserialize_u64(v)
    }
    fn deserialize_u128<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.0.deserialize_u128(v)
    }
    fn deserialize_f32<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.0.deserialize_f32(v)
    }
    fn deserialize_f64<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.0.deserialize_f64(v)
    }
    fn deserialize_char<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.0.deserialize_char(v)
    }
    fn deserialize_bytes<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.0.deserialize_bytes(v)
    }
    fn deserialize_byte_buf<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.0.deserialize_byte_buf(v)
    }
    fn deserialize_unit<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.0.deserialize_unit(v)
    }
    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        v: V,
    ) -> Result<V::Value, Error> {
        self.0.deserialize_unit_struct(name, v)
    }
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        self.0.deserialize_enum(name, variants, v)
    }
    fn deserialize_identifier<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.0.deserialize_identifier(v)
    }
}

/// Text with a NUL character is refused: no field means one, and
/// PostgreSQL cannot store it (the write would fail as "system error").
fn no_nul(s: String) -> Result<String, Error> {
    if s.contains('\0') {
        return Err(de::Error::custom("a NUL character"));
    }
    Ok(s)
}

struct Items(std::vec::IntoIter<Value>);

impl<'de> SeqAccess<'de> for Items {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        self.0
            .next()
            .map(|item| seed.deserialize(Lenient(item)))
            .transpose()
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

struct Fields {
    entries: serde_json::map::IntoIter,
    value: Option<Value>,
}

impl Fields {
    fn new(fields: Map<String, Value>) -> Fields {
        Fields {
            entries: fields.into_iter(),
            value: None,
        }
    }
}

impl<'de> MapAccess<'de> for Fields {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        match self.entries.next() {
            Some((key, value)) => {
                self.value = Some(value);
                let key: de::value::StringDeserializer<Error> = key.into_deserializer();
                seed.deserialize(key).map(Some)
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let value = self
            .value
            .take()
            .ok_or_else(|| de::Error::custom("a value was asked for before its key"))?;
        seed.deserialize(Lenient(value))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "camelCase")]
    struct Body {
        delegate_total: String,
        price: Option<String>,
        leverage: u32,
        legs: Vec<Leg>,
        #[serde(default)]
        note: Option<String>,
    }

    #[derive(Deserialize, Debug, PartialEq)]
    struct Leg {
        amount: String,
    }

    fn read(text: &str) -> Result<Body, Error> {
        Body::deserialize(Lenient(serde_json::from_str(text)?))
    }

    #[test]
    fn numbers_where_text_is_read_arrive_as_their_exact_digits() {
        let body = read(
            r#"{"delegateTotal": 100, "price": 0.1, "leverage": 20,
                "legs": [{"amount": 123456789012345678901234.000000000000000001}]}"#,
        )
        .unwrap();
        assert_eq!(body.delegate_total, "100");
        assert_eq!(body.price.as_deref(), Some("0.1"));
        assert_eq!(body.leverage, 20);
        assert_eq!(
            body.legs[0].amount, "123456789012345678901234.000000000000000001",
            "no f64 on the way: every digit kept"
        );
        assert_eq!(body.note, None);
    }

    #[test]
    fn exponents_and_signs_stay_as_sent_for_the_strict_parser_to_refuse() {
        let body =
            read(r#"{"delegateTotal": 1e5, "price": -2, "leverage": 1, "legs": []}"#).unwrap();
        assert!(
            body.delegate_total.starts_with("1e"),
            "{}: an exponent stays an exponent",
            body.delegate_total
        );
        assert_eq!(body.price.as_deref(), Some("-2"));
    }

    #[test]
    fn strings_still_read_and_other_types_are_still_checked() {
        let body =
            read(r#"{"delegateTotal": "7", "price": null, "leverage": 3, "legs": []}"#).unwrap();
        assert_eq!(body.delegate_total, "7");
        assert_eq!(body.price, None);
        assert!(read(r#"{"delegateTotal": true, "leverage": 3, "legs": []}"#).is_err());
        assert!(read(r#"{"delegateTotal": "1", "leverage": "3", "legs": []}"#).is_err());
        assert!(read(r#"{"delegateTotal": "1", "leverage": 2.5, "legs": []}"#).is_err());
        assert!(read(r#"{"delegateTotal": {}, "leverage": 1, "legs": []}"#).is_err());
        assert!(read(r#"{"delegateTotal": "1\u0000", "leverage": 1, "legs": []}"#).is_err());
        assert!(
            read(r#"{"delegateTotal": "1", "leverage": 1, "legs": [{"amount": "\u0000"}]}"#)
                .is_err()
        );
    }
}
