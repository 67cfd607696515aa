import { describe, expect, it } from 'vitest';
import { renderIsland } from '../render-island.js';

/** Islands show the page's system texts from their `texts` prop (issue 29), the English where a text has none. */
describe('system texts of islands', () => {
  it('shows the translated texts of the texts prop and the English of the others', () => {
    const texts = { 'Email Address': 'Adresse e-mail', 'Sign Up': 'S’inscrire' };
    const html = renderIsland('RestockSignup', { productId: 'p', variantId: 'v', mailingListSignUpEnabled: true, texts });
    expect(html).toMatch(/<label for="[^"]+-email">Adresse e-mail<\/label>/);
    expect(html).toContain('<button type="submit">S’inscrire</button>');
    expect(html).toContain('Sign up for news and updates');
  });

  it('shows the product form in the page language: button, quantity and sold-out option suffix', () => {
    const product = {
      productType: 1,
      variantOptionOrdering: ['Size'],
      variants: [
        { id: 'v1', sku: 'S1', attributes: { Size: 'S' }, qtyInStock: 0, unlimited: false, priceMoney: { value: 1000, currency: 'USD' } },
        { id: 'v2', sku: 'S2', attributes: { Size: 'M' }, qtyInStock: 3, unlimited: false, priceMoney: { value: 1000, currency: 'USD' } },
      ],
    };
    const texts = { 'Add To Cart': 'Ajouter au panier', Quantity: 'Quantité', '(Sold Out)': '(Épuisé)' };
    const french = renderIsland('ProductForm', { itemId: 'i', product, texts } as never);
    expect(french).toContain('Ajouter au panier');
    expect(french).toContain('Quantité');
    expect(french).toContain('S (Épuisé)');
    const english = renderIsland('ProductForm', { itemId: 'i', product } as never);
    expect(english).toContain('Add To Cart');
    expect(english).toContain('S (Sold Out)');
  });

  it('shows translated option labels of a form field, keeping the options as the values', () => {
    const form = {
      id: 'f',
      name: 'Contact',
      submitLabel: 'Send',
      fields: [{ id: 'reply', type: 'radio', title: 'Reply by', options: ['Email', 'Phone'], optionLabels: ['E-mail', 'Téléphone'], required: true }],
    };
    const html = renderIsland('FormBlock', { form, page: {}, texts: { '(required)': '(obligatoire)' } } as never);
    expect(html).toContain('value="Phone"');
    expect(html).toContain('Téléphone');
    expect(html).toContain('(obligatoire)');
  });
});
