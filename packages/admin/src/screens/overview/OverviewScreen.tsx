import { useEffect, useRef } from 'react';
import { ApiError } from '../../api/http.js';
import { invalidate } from '../../api/query-cache.js';
import { useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { LowStockCard } from './LowStockCard.js';
import { OrdersToFulfilCard } from './OrdersToFulfilCard.js';
import { OVERVIEW_PATH, type Overview } from './overview-types.js';
import { TodayCard } from './TodayCard.js';
// biome-ignore lint/correctness/useImportExtensions: a stylesheet, bundled by Vite
import './overview.css';

/** The dashboard's first screen: orders to fulfil, low stock and today's visits and sales, as far as the owner's role may read them. */
export default function OverviewScreen() {
  const overview = useQuery<Overview>(OVERVIEW_PATH);
  // The figures move while the owner works on other screens: a remembered answer is shown and fetched again.
  const remembered = useRef(overview.data !== undefined);
  useEffect(() => {
    if (remembered.current) invalidate(OVERVIEW_PATH);
  }, []);
  const data = overview.data;
  const refused = overview.error instanceof ApiError && overview.error.status === 403;
  return (
    <>
      <ScreenHeading>Overview</ScreenHeading>
      {overview.status === 'loading' && <Loading />}
      {refused ? (
        <p className="overview-empty">
          Your role reads no orders, stock or reports, so there is nothing to sum up here. The screens you work with are in the navigation.
        </p>
      ) : (
        <ErrorText error={overview.error} />
      )}
      {data && (
        <div className="overview">
          {data.ordersToFulfil && <OrdersToFulfilCard section={data.ordersToFulfil} />}
          {data.lowStock && <LowStockCard section={data.lowStock} />}
          {data.today && <TodayCard section={data.today} />}
        </div>
      )}
    </>
  );
}
