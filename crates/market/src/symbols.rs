//! Coins and the pair symbols clients name them by.

/// Coins quoted when the catalogue has none to offer (lower-case).
pub const DEFAULT_COINS: [&str; 8] = ["btc", "eth", "trx", "xrp", "doge", "ltc", "bnb", "sol"];

/// The coin of a symbol: "btcusdt", "BTCUSDT", "btc/usdt" or "btc" -> "btc".
pub fn coin_of_symbol(symbol: &str) -> Option<String> {
    let s = symbol
        .trim()
        .to_ascii_lowercase()
        .replace(['/', '-', '_'], "");
    let coin = s.strip_suffix("usdt").unwrap_or(&s);
    let valid =
        !coin.is_empty() && coin.len() <= 20 && coin.bytes().all(|b| b.is_ascii_alphanumeric());
    valid.then(|| coin.to_string())
}

/// The pair symbol the client uses for a coin: "btc" -> "btcusdt".
pub fn symbol_of_coin(coin: &str) -> String {
    format!("{coin}usdt")
}

/// The spot pair symbol a client names (`btcusdt`, `BTC/USDT` or `btc`), as
/// the catalogue and the spot service spell it (`btcusdt`); `None` when it
/// cannot be a symbol at all.
pub fn spot_symbol(symbol: &str) -> Option<String> {
    coin_of_symbol(symbol).map(|c| symbol_of_coin(&c))
}
