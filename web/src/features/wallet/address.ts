/**
 * Withdrawal address checks per network family, the same rules as the
 * server's (crates/kernel/src/address.rs), checksums included: base58check
 * for TRON and legacy Bitcoin, bech32 (v0) / bech32m (v1+) for segwit,
 * EIP-55 for a mixed-case EVM address. They catch typos and wrong-network
 * pastes before anything is sent; they prove nothing about who holds the key.
 */
import { bech32, bech32m, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

export type AddressFamily = 'tron' | 'evm' | 'bitcoin';

const base58check = createBase58check(sha256);

/** The family of a withdrawal channel from its name ("USDT-TRC20", "ETH", "BTC"); null when we cannot check it. */
export function familyOfChannel(name: string): AddressFamily | null {
  const upper = name.toUpperCase();
  if (upper.includes('TRC20') || upper === 'TRX') return 'tron';
  if (upper.includes('ERC20') || upper === 'ETH' || upper.includes('BEP20')) return 'evm';
  if (upper === 'BTC' || upper.endsWith('-BTC')) return 'bitcoin';
  return null;
}

/** Whether `address` is well-formed for the channel's network. */
export function isValidAddress(channel: string, address: string): boolean {
  switch (familyOfChannel(channel)) {
    case 'tron':
      return isTron(address);
    case 'evm':
      return isEvm(address);
    case 'bitcoin':
      return isBitcoin(address);
    default:
      return /^[A-Za-z0-9]{8,128}$/.test(address);
  }
}

function payload(text: string): Uint8Array | null {
  if (text.length > 64) return null;
  try {
    return base58check.decode(text);
  } catch {
    return null;
  }
}

function isTron(a: string): boolean {
  if (a.length !== 34 || !a.startsWith('T')) return false;
  const p = payload(a);
  return p !== null && p.length === 21 && p[0] === 0x41;
}

/** `0x` + hex with the EIP-55 mixed-case checksum. */
export function eip55(lowerHex: string): string {
  const hash = keccak_256(new TextEncoder().encode(lowerHex));
  let out = '0x';
  for (let i = 0; i < lowerHex.length; i++) {
    const nibble = (hash[i >> 1] >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    const c = lowerHex[i];
    out += /[a-f]/.test(c) && nibble >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

function isEvm(a: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(a)) return false;
  const hex = a.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return eip55(hex.toLowerCase()) === a;
}

function isBitcoin(a: string): boolean {
  if (a.startsWith('1') || a.startsWith('3')) {
    if (a.length < 26 || a.length > 35) return false;
    const p = payload(a);
    return p !== null && p.length === 21 && p[0] === (a.startsWith('1') ? 0x00 : 0x05);
  }
  if (a.length > 90 || !a.toLowerCase().startsWith('bc1')) return false;
  return isSegwit(a);
}

function isSegwit(a: string): boolean {
  for (const coder of [bech32, bech32m]) {
    let decoded;
    try {
      decoded = coder.decode(a as `${string}1${string}`, 90);
    } catch {
      continue;
    }
    if (decoded.prefix !== 'bc' || decoded.words.length === 0) return false;
    const version = decoded.words[0];
    // v0 is bech32, v1 and later bech32m (BIP-350).
    if ((version === 0) !== (coder === bech32) || version > 16) return false;
    let program: Uint8Array;
    try {
      program = coder.fromWords(decoded.words.slice(1));
    } catch {
      return false;
    }
    if (program.length < 2 || program.length > 40) return false;
    return version !== 0 || program.length === 20 || program.length === 32;
  }
  return false;
}
