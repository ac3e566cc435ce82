use sea_orm::entity::prelude::*;

/// An entry of the coin list (spec section 3, coinList).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[sea_orm(table_name = "coins")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Lower-case, except for market `mt5` which keeps its case.
    #[sea_orm(unique)]
    pub coin: String,
    #[sea_orm(unique)]
    pub symbol: String,
    pub show_symbol: String,
    pub logo: String,
    pub sort: i32,
    /// Enabled (priced and listed) or not; stored as 1 and 0.
    pub status: CoinStatus,
    /// 1 shown to users, 0 hidden.
    pub show_flag: i32,
    /// 2 makes the client show `show_symbol` instead of `symbol`.
    pub customize_flag: i32,
    pub market: String,
    /// 3 makes the client look up the coin's 24 h volume.
    pub coin_type: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// Whether a coin is enabled: priced, listed, and a ledger asset operators
/// may name; stored (and published) as 1 and 0. Any other number in the
/// row is an error when read, never taken for either.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "i32", db_type = "Integer")]
pub enum CoinStatus {
    #[sea_orm(num_value = 0)]
    Off,
    #[sea_orm(num_value = 1)]
    On,
}

impl CoinStatus {
    /// The stored and published number.
    pub fn number(self) -> i32 {
        self.to_value()
    }

    /// The status a number names, if any (an operator's edit).
    pub fn parse(n: i32) -> Option<CoinStatus> {
        Self::try_from_value(&n).ok()
    }
}

/// As its number, as the row (and an audit entry's copy of it) holds it.
impl serde::Serialize for CoinStatus {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_i32(self.number())
    }
}
