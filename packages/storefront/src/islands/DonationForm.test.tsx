import { describe, expect, it } from 'vitest';
import { readTypedAmount } from '../donations/donation-amount.js';
import { renderIsland } from '../render-island.js';

const PROPS = {
  currency: 'USD',
  locale: 'en-US',
  suggested: [
    { cents: 1000, text: '$10.00' },
    { cents: 2500, text: '$25.00' },
  ],
  allowCustom: true,
  allowMonthly: true,
  testMode: true,
};

function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('DonationForm SSR (page type 203)', () => {
  it('renders the suggested amounts with the first chosen, an other amount, one time or monthly, email and the test card', () => {
    const html = renderIsland('DonationForm', PROPS);
    const text = textOf(html);
    expect(html).toMatch(/type="radio" name="[^"]+-amount" checked="" value="1000"/);
    for (const part of ['$10.00', '$25.00', 'Other amount', 'One time', 'Monthly', 'Email for your receipt', 'Card number']) expect(text).toContain(part);
    expect(text).toContain('Test mode: use card 4242 4242 4242 4242');
    expect(html).toContain('>Donate $10.00</button>');
    expect(html).toMatch(/role="alert"/);
  });

  it('preselects the block link amount and frequency; leaves out what the owner turned off', () => {
    const html = renderIsland('DonationForm', { ...PROPS, amountCents: 2500, frequency: 'monthly', allowCustom: false, testMode: false });
    expect(html).toContain('>Donate $25.00/month</button>');
    expect(textOf(html)).not.toContain('Other amount');
    expect(textOf(html)).not.toContain('Test mode');
  });

  it('puts a custom amount from the block link in the other amount field, in whole yen for JPY', () => {
    const html = renderIsland('DonationForm', {
      ...PROPS,
      currency: 'JPY',
      locale: 'ja-JP',
      suggested: [{ cents: 1000, text: '￥1,000' }],
      amountCents: 1500,
      allowMonthly: false,
    });
    expect(html).toContain('value="1500"');
    expect(html).toContain('>Donate ￥1,500</button>');
    expect(textOf(html)).not.toContain('Monthly');
  });
});

describe('readTypedAmount: the currency fraction digits (issue 27 item 7)', () => {
  it.each([
    ['25', 'USD', 2500],
    ['25.5', 'USD', 2550],
    ['1,000.05', 'USD', 100005],
    ['500', 'JPY', 500],
  ])('%s %s is %i minor units', (typed, currency, cents) => {
    expect(readTypedAmount(typed, currency)).toEqual({ ok: true, cents });
  });

  it.each([
    ['25.555', 'USD', 'Please enter an amount like 25 or 25.50.'],
    ['500.5', 'JPY', 'Please enter a whole amount in JPY, like 500.'],
    ['ten', 'USD', 'Please enter an amount like 25 or 25.50.'],
    ['', 'USD', 'Please choose or enter an amount.'],
    ['0', 'USD', 'Please choose or enter an amount.'],
  ])('%s %s is refused: %s', (typed, currency, message) => {
    expect(readTypedAmount(typed, currency)).toEqual({ ok: false, message });
  });
});
