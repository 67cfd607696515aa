import { describe, expect, it } from 'vitest';
import { withSettingsDefaults, type Website } from '../../sites/website.js';
import { productFormIslandProps } from './island-props.js';

const site = { id: 'w1', settings: withSettingsDefaults({}) } as unknown as Website;

function product(merchandising: Record<string, unknown>) {
  return {
    productType: 3,
    isSubscribable: false,
    subscriptionPlan: null,
    useCustomAddButtonText: false,
    customAddButtonText: '',
    additionalFieldsFormId: null,
    merchandising,
  } as never;
}

describe('ProductForm island props', () => {
  it('turn express checkout on only for products whose merchandising settings ask for it', () => {
    expect(productFormIslandProps('i1', product({ expressCheckout: true }), [], site, undefined, []).expressCheckout).toBe(true);
    expect(productFormIslandProps('i1', product({}), [], site, undefined, [])).not.toHaveProperty('expressCheckout');
    expect(productFormIslandProps('i1', product({ expressCheckout: 'yes' }), [], site, undefined, [])).not.toHaveProperty('expressCheckout');
  });
});
