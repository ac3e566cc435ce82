//! Status columns as enums. A row's status is one of a closed set of words
//! stored as TEXT (so existing rows and both databases read the same); the
//! enum makes a misspelt status a compile error instead of a row no query
//! ever finds again.

/// Declares a status enum stored as its lower-case word: the sea-orm column
/// type, `as_str`/`parse` for the API and filters, and `Display`.
#[macro_export]
macro_rules! status_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, sea_orm::EnumIter, sea_orm::DeriveActiveEnum)]
        #[sea_orm(rs_type = "String", db_type = "Text")]
        pub enum $name {
            $($(#[$vmeta])* #[sea_orm(string_value = $text)] $variant,)+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The stored and published word.
            pub const fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text,)+ }
            }

            /// The status a word names, if any (filters from query strings).
            pub fn parse(text: &str) -> Option<$name> {
                match text { $($text => Some($name::$variant),)+ _ => None }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl $crate::__serde::Serialize for $name {
            fn serialize<Z: $crate::__serde::Serializer>(&self, z: Z) -> Result<Z::Ok, Z::Error> {
                z.serialize_str(self.as_str())
            }
        }

        /// From its word only: a word the enum does not name is an error,
        /// never a default (rows read through JSON, `onyx_store::bulk`).
        impl<'de> $crate::__serde::Deserialize<'de> for $name {
            fn deserialize<Z: $crate::__serde::Deserializer<'de>>(z: Z) -> Result<$name, Z::Error> {
                let text = <std::borrow::Cow<'de, str> as $crate::__serde::Deserialize>::deserialize(z)?;
                $name::parse(&text).ok_or_else(|| {
                    <Z::Error as $crate::__serde::de::Error>::custom(format!(
                        "not a {}: {text:?}",
                        stringify!($name)
                    ))
                })
            }
        }

        impl From<$name> for String {
            fn from(status: $name) -> String {
                status.as_str().to_owned()
            }
        }
    };
}

#[cfg(test)]
mod tests {
    status_enum!(Sample { One = "one", Two = "two" });

    #[test]
    fn words_round_trip_and_unknown_words_are_refused() {
        for s in Sample::ALL {
            assert_eq!(Sample::parse(s.as_str()), Some(*s));
            assert_eq!(s.to_string(), s.as_str());
        }
        assert_eq!(Sample::parse("ONE"), None);
        assert_eq!(Sample::parse(""), None);
    }

    #[test]
    fn json_reads_the_word_and_refuses_any_other() {
        let one: Sample = serde_json::from_str(r#""one""#).unwrap();
        assert_eq!(one, Sample::One);
        assert!(serde_json::from_str::<Sample>(r#""bogus""#).is_err());
        assert!(serde_json::from_str::<Sample>("1").is_err());
    }
}
