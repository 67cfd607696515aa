import { describe, expect, it } from 'vitest';
import type { Formatter } from '../../plugin-api.js';
import { formatters } from './index.js';
import { fakeContext, variable } from './test-support.js';

function run(name: string, value: unknown, options: { args?: string[]; root?: object; locale?: string } = {}) {
  const ctx = fakeContext(options.root ?? {}, { locale: options.locale ?? 'en-US' });
  const v = variable(value);
  (formatters[name] as Formatter).apply(options.args ?? [], [v], ctx);
  return v.value;
}

describe('money-format, moneyFormat, money-string', () => {
  it.each([
    [12345, '123.45'],
    ['12345', '123.45'],
    [123456789, '1,234,567.89'],
    [5, '0.05'],
    [-150, '-1.50'],
  ])('%s cents formats as %s', (cents, text) => {
    expect(run('money-format', cents)).toBe(text);
    expect(run('moneyFormat', cents)).toBe(text);
    expect(run('money-string', cents)).toBe(`<span class="sqs-money-native">${text}</span>`);
  });
});

describe('bookkeeper-money-format', () => {
  it('formats minor units in the currency of the locale region', () => {
    expect(run('bookkeeper-money-format', 123456, { locale: 'en-US' })).toBe('$1,234.56');
    expect(run('bookkeeper-money-format', 123456, { locale: 'de-DE' })).toBe('1.234,56\u00a0€');
  });

  it('treats yen amounts as whole yen (JPY has no minor unit)', () => {
    expect(run('bookkeeper-money-format', 1500, { locale: 'ja-JP' })).toBe('￥1,500');
  });

  it('is empty without a CLDR locale', () => {
    expect(run('bookkeeper-money-format', 12345, { locale: 'none' })).toBe('');
  });
});

describe('percentage-format', () => {
  it('uses the locale separators', () => {
    expect(run('percentage-format', '1234.5', { locale: 'de-DE' })).toBe('1.234,50');
    expect(run('percentage-format', 12.3456, { args: ['trim'] })).toBe('12.346');
  });
});

describe('product-price in CLDR money mode', () => {
  const cldrMode = { featureFlags: { useCLDRMoneyFormat: true } };
  const digital = (value: string, currency: string) => ({
    structuredContent: { productType: 2, priceMoney: { value, currency } },
  });

  it('formats JPY without fraction digits', () => {
    const out = run('product-price', digital('2500', 'JPY'), { root: cldrMode });
    expect(out).toBe('\n\n\n<div class="product-price">\n¥2,500\n</div>');
  });

  it('passes currency style arguments through', () => {
    const out = run('product-price', digital('2500', 'EUR'), { root: cldrMode, args: ['style:code'] });
    expect(String(out).trim()).toBe('<div class="product-price">\n2,500.00 EUR\n</div>');
  });

  it('also honours websiteSettings.useCLDRMoneyFormat (spec section 3)', () => {
    const out = run('product-price', digital('10', 'GBP'), { root: { websiteSettings: { useCLDRMoneyFormat: true } } });
    expect(String(out)).toContain('£10.00');
  });

  it('renders an empty block in CLDR mode without a CLDR locale', () => {
    const out = run('product-price', digital('10', 'USD'), { root: cldrMode, locale: 'none' });
    expect(String(out).trim()).toBe('<div class="product-price">\n\n</div>');
  });
});

describe('legacy price formatters', () => {
  it('report yen prices in hundredths like every other currency', () => {
    const item = { structuredContent: { productType: 2, priceMoney: { value: '25', currency: 'JPY' } } };
    expect(run('normal-price', item)).toBe('2500');
  });
});

describe('numeric input errors', () => {
  it('money-format: no output and a clear error for a value that is not a number', () => {
    const ctx = fakeContext({});
    const v = variable({});
    (formatters['money-format'] as Formatter).apply([], [v], ctx);
    expect(v.value).toBeUndefined();
    expect(ctx.errors).toEqual(['money-format: expected a number, got {}']);
  });

  it('bookkeeper-money-format: zero and a clear error for text that is not a number', () => {
    const ctx = fakeContext({});
    const v = variable('A');
    (formatters['bookkeeper-money-format'] as Formatter).apply([], [v], ctx);
    expect(v.value).toBe('$0.00');
    expect(ctx.errors).toEqual(['bookkeeper-money-format: expected a number, got "A"; using 0']);
  });

  it('formats a missing value as zero without an error', () => {
    const ctx = fakeContext({});
    const v = variable(undefined);
    (formatters['percentage-format'] as Formatter).apply(['trim'], [v], ctx);
    expect(v.value).toBe('0');
    expect(ctx.errors).toEqual([]);
  });
});
