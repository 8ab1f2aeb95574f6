/**
 * Python rounding semantics (reference §14, porting hazards): `round(x, n)` and `format(x, ".nf")`
 * round the exact binary value of the double, exact ties to even. JavaScript's `toFixed` sends
 * exact ties up (0.125 → "0.13"; Python prints "0.12"). Implemented on the exact decimal
 * expansion of the double with BigInt, so no tie is missed and none is invented.
 */

/** |x| = digits / 10^scale exactly. */
function exactDecimal(x: number): { digits: bigint; scale: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const exp = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e: number;
  if (exp === 0) e = -1074;
  else {
    mantissa |= 1n << 52n;
    e = exp - 1075;
  }
  if (e >= 0) return { digits: mantissa << BigInt(e), scale: 0 };
  return { digits: mantissa * 5n ** BigInt(-e), scale: -e };
}

/** The digits of `x` rounded half-to-even at `places` decimals, as a fixed-point string. */
export function pyFixed(x: number, places: number): string {
  if (!Number.isFinite(x)) return String(x);
  const negative = x < 0 || Object.is(x, -0);
  const { digits, scale } = exactDecimal(x);
  let q: bigint;
  if (scale <= places) q = digits * 10n ** BigInt(places - scale);
  else {
    const div = 10n ** BigInt(scale - places);
    q = digits / div;
    const r = digits % div;
    const twice = r * 2n;
    if (twice > div || (twice === div && q % 2n === 1n)) q += 1n;
  }
  let s = q.toString();
  if (places > 0) {
    s = s.padStart(places + 1, '0');
    s = `${s.slice(0, -places)}.${s.slice(-places)}`;
  }
  return negative ? `-${s}` : s;
}

/** Python `round(x, places)`. */
export function pyRound(x: number, places: number): number {
  if (!Number.isFinite(x)) return x;
  const r = Number(pyFixed(x, places));
  return r === 0 ? 0 : r;
}
