import Decimal from 'decimal.js';

/** A minimum of 0 (or none) asks for the first confirmed deposit, whatever its size. */
export function isAnyDeposit(minDeposit: string): boolean {
  try {
    return new Decimal(minDeposit || '0').lte(0);
  } catch {
    return true;
  }
}
