/**
 * A company's two rows (spec §3.1): the storage fee they cost (§3.3 STORAGE_FEE, G7, G21) and the
 * row-1 → row-2 adjacency (G15).
 */
import { FEE_PER_ROW, HALF_ROW, ROW_SQUARES, RULINGS } from './constants.js';
import type { Company, Square } from './types.js';

export function countRow(row: readonly Square[]): number {
  let n = 0;
  for (const sq of row) if (sq !== null) n++;
  return n;
}

export function emptySquares(row: readonly Square[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < row.length; i++) if (row[i] === null) out.push(i);
  return out;
}

/** 5 per row holding more than half its squares (3 or 4 materials). */
export function storageFee(company: Company): number {
  let fee = 0;
  if (countRow(company.row1) > HALF_ROW) fee += FEE_PER_ROW;
  if (countRow(company.row2) > HALF_ROW) fee += FEE_PER_ROW;
  return fee;
}

/** How many materials a row must give back when the fee is not paid (0 if it is not over half). */
export function mustReturn(row: readonly Square[]): number {
  return Math.max(0, countRow(row) - RULINGS.unpaidFeeReturnsTo);
}

/** A row-1 material moves straight ahead or diagonally to a neighbouring row-2 square. */
export function adjacent(from: number, to: number): boolean {
  return from >= 0 && from < ROW_SQUARES && to >= 0 && to < ROW_SQUARES && Math.abs(from - to) <= 1;
}

export function cloneCompany(c: Company): Company {
  return { row1: c.row1.slice(), row2: c.row2.slice() };
}
