import type { Locator } from 'playwright-core';

/** Fills every visible field of the seeded studio survey with valid answers. */
export async function fillSurvey(block: Locator): Promise<void> {
  const byLabel = (name: string) => block.getByLabel(name, { exact: true });
  await byLabel('First Name').fill('Ada');
  await byLabel('Last Name').fill('Lovelace');
  await block.getByRole('textbox', { name: /^Email/ }).fill('  ada@example.com ');
  const phone = block.locator('[data-field-type="phone"] input');
  for (const [i, v] of ['44', '20', '7946', '0958'].entries()) await phone.nth(i).fill(v);
  const address = block.locator('[data-field-type="address"] input');
  for (const [i, v] of ['214 Warren Street', '', 'Hudson', 'NY', '12534', 'US'].entries()) await address.nth(i).fill(v);
  const date = block.locator('[data-field-type="date"] input');
  for (const [i, v] of ['10', '03', '2026'].entries()) await date.nth(i).fill(v);
  const time = block.locator('[data-field-type="time"]');
  await time.locator('input').nth(0).fill('2');
  await time.locator('input').nth(1).fill('30');
  await time.locator('select').selectOption('PM');
  await block.getByRole('radio', { name: 'Instagram' }).check();
  await block.locator('[data-field-type="checkbox"]').getByRole('checkbox', { name: 'Linen' }).check();
  await block.locator('[data-field-type="checkbox"]').getByRole('checkbox', { name: 'Candles' }).check();
  await block.locator('[data-field-type="select"] select').selectOption('Natural dye');
  const likert = block.locator('[data-field-type="likert"] fieldset');
  await likert.nth(0).getByRole('radio', { name: 'Strongly Agree', exact: true }).check();
  await likert.nth(2).getByRole('radio', { name: 'Disagree', exact: true }).check();
  await block.locator('[data-field-type="text"] input').fill('A linen apron');
  await block.locator('[data-field-type="textarea"] textarea').fill('Lovely studio.');
  await block.locator('[data-field-type="number"] input').fill('3');
  await block.locator('[data-field-type="website"] input').fill('https://ada.example');
  await block.locator('[data-field-type="currency"] input').fill('40.00');
  await block.locator('[data-field-type="password"] input').fill('VOUCHER-7');
  await block.locator('[data-field-type="twitter"] input').fill('@ada');
}
