/**
 * Python's `'{:.3f}'.format(x)` / `'%.3f' % x`: the exact binary value correctly rounded to three
 * decimals, exact ties to even, `-` kept for every negative value including -0.0 (spec §2.4).
 * JavaScript's `toFixed` differs on exact ties (it rounds them up), on `-0.000` and above 1e21.
 */

const TIE_SCALE = 16; // x has an exact tie at the 3rd decimal only when 16·x is an odd integer

export function formatFixed3(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  const negative = x < 0 || Object.is(x, -0);
  const magnitude = Math.abs(x);
  let digits: string;
  if (magnitude >= 1e21) {
    digits = exactFixed3(magnitude);
  } else {
    const scaled = magnitude * TIE_SCALE; // exact: multiplying by a power of two
    if (Number.isInteger(scaled) && scaled % 2 === 1) {
      digits = exactFixed3(magnitude);
    } else {
      // V8's toFixed uses the exact value of the double, so away from ties it equals Python.
      digits = magnitude.toFixed(3);
    }
  }
  return negative ? '-' + digits : digits;
}

/** The same rounding done with integer arithmetic on the exact binary value. */
export function exactFixed3(magnitude: number): string {
  const { mantissa, exponent } = decompose(magnitude);
  let thousandths: bigint;
  if (exponent >= 0) {
    thousandths = (mantissa << BigInt(exponent)) * 1000n;
  } else {
    const shift = BigInt(-exponent);
    const numerator = mantissa * 1000n;
    const quotient = numerator >> shift;
    const remainder = numerator - (quotient << shift);
    const half = 1n << (shift - 1n);
    if (remainder > half || (remainder === half && (quotient & 1n) === 1n)) {
      thousandths = quotient + 1n;
    } else {
      thousandths = quotient;
    }
  }
  const text = thousandths.toString().padStart(4, '0');
  return `${text.slice(0, -3)}.${text.slice(-3)}`;
}

/** magnitude = mantissa · 2^exponent with an integer mantissa (finite, non-negative input). */
function decompose(magnitude: number): { mantissa: bigint; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, magnitude);
  const high = view.getUint32(0);
  const low = view.getUint32(4);
  const biased = (high >>> 20) & 0x7ff;
  const fraction = (BigInt(high & 0xfffff) << 32n) | BigInt(low);
  if (biased === 0) return { mantissa: fraction, exponent: -1074 };
  return { mantissa: fraction | (1n << 52n), exponent: biased - 1075 };
}

/** A cell as pandas `to_csv(float_format='%.3f')` writes it: NaN becomes an empty cell. */
export function formatCsvFloat(x: number): string {
  return Number.isNaN(x) ? '' : formatFixed3(x);
}
