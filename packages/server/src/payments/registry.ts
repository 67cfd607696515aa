import type { Website } from '../sites/index.js';
import type { PaymentProvider } from './payment-provider.js';
import { TestPaymentProvider } from './test-provider.js';

/**
 * Where checkout, refunds and renewals find a site's payment providers. The test provider
 * serves every site; a site's own connected providers (Stripe) are added by their sources,
 * asked per site, so one site's keys never serve another.
 */
export class PaymentProviders {
  readonly test: PaymentProvider;
  private readonly sources: Array<(site: Website) => Promise<PaymentProvider | undefined>> = [];

  constructor(options: { test?: PaymentProvider } = {}) {
    this.test = options.test ?? new TestPaymentProvider();
  }

  /** Adds a source of per-site providers (e.g. the site's connected Stripe account). */
  addSource(source: (site: Website) => Promise<PaymentProvider | undefined>): void {
    this.sources.push(source);
  }

  /** The providers a site may use, by id. */
  async forSite(site: Website): Promise<ReadonlyMap<string, PaymentProvider>> {
    const found = new Map<string, PaymentProvider>([[this.test.id, this.test]]);
    for (const source of this.sources) {
      const provider = await source(site);
      if (provider) found.set(provider.id, provider);
    }
    return found;
  }

  /** One provider of a site by id (a refund or renewal names the provider that took the payment). */
  async get(site: Website, id: string): Promise<PaymentProvider | undefined> {
    return (await this.forSite(site)).get(id);
  }
}
