import { eip55, familyOfChannel, isValidAddress } from './address';

/** `text` with the character at `at` replaced by `c`. */
const typo = (text: string, at: number, c: string) => text.slice(0, at) + c + text.slice(at + 1);

describe('withdrawal address checks', () => {
  it('maps channels to families as the server does', () => {
    expect(familyOfChannel('USDT-TRC20')).toBe('tron');
    expect(familyOfChannel('USDT-ERC20')).toBe('evm');
    expect(familyOfChannel('ETH')).toBe('evm');
    expect(familyOfChannel('BTC')).toBe('bitcoin');
    expect(familyOfChannel('XYZ')).toBeNull();
  });

  it('TRON: base58check with the 0x41 prefix', () => {
    const good = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
    expect(isValidAddress('USDT-TRC20', good)).toBe(true);
    expect(isValidAddress('USDT-TRC20', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL')).toBe(true);
    expect(isValidAddress('USDT-TRC20', '0xabc123')).toBe(false);
    expect(isValidAddress('USDT-TRC20', typo(good, 10, good[10] === 'a' ? 'b' : 'a'))).toBe(false);
    expect(isValidAddress('USDT-TRC20', good.slice(0, 33))).toBe(false);
    expect(isValidAddress('USDT-TRC20', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(false);
  });

  it('EVM: 40 hex digits, mixed case must be the EIP-55 checksum', () => {
    const checksummed = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(eip55(checksummed.slice(2).toLowerCase())).toBe(checksummed);
    expect(isValidAddress('ETH', checksummed)).toBe(true);
    expect(isValidAddress('ETH', checksummed.toLowerCase())).toBe(true);
    expect(isValidAddress('USDT-ERC20', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true);
    // One letter in the wrong case.
    expect(isValidAddress('ETH', typo(checksummed, 3, 'A'))).toBe(false);
    expect(isValidAddress('ETH', '0xabc123')).toBe(false);
    expect(isValidAddress('ETH', checksummed.slice(0, 41))).toBe(false);
  });

  it('Bitcoin: base58check P2PKH and P2SH, bech32 v0 and bech32m taproot on mainnet', () => {
    for (const good of [
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ',
      'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
    ]) {
      expect(isValidAddress('BTC', good)).toBe(true);
    }
    for (const bad of [
      typo('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 5, 'N'),
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdb',
      typo('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 10, 'q'),
      'bc1Qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      'bc1qar0',
      '',
    ]) {
      expect(isValidAddress('BTC', bad)).toBe(false);
    }
  });

  it('an unknown network gets the generic shape', () => {
    expect(isValidAddress('XYZ', 'abcdef1234')).toBe(true);
    expect(isValidAddress('XYZ', 'short')).toBe(false);
    expect(isValidAddress('XYZ', 'has space 12345')).toBe(false);
  });
});
