import type { updateCart } from './cart-repository.js';
import type { z } from '../http/schemas.js';
import type { ShippingBody } from './schemas.js';

/** The cart change a shipping call asks for: the location (region and postal code '' when left out) and the option. */
export function shippingPatch(body: z.infer<typeof ShippingBody>): Parameters<typeof updateCart>[3] {
  const patch: Parameters<typeof updateCart>[3] = {};
  if (body.shippingLocation) {
    const { country, region = '', postalCode = '' } = body.shippingLocation;
    patch.shippingLocation = { country, region, postalCode };
  }
  if (body.shippingOptionId !== undefined) patch.selectedShippingOption = { id: body.shippingOptionId };
  return patch;
}
