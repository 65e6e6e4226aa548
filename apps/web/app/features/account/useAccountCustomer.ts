import { useRouteLoaderData } from 'react-router';
import type { AccountCustomer } from './account.server';

export type AccountLayoutData = { customer: AccountCustomer };

/** The signed-in customer, from the account layout's loader (route id `layout-account`). */
export function useAccountCustomer(): AccountCustomer {
  const data = useRouteLoaderData<AccountLayoutData>('layout-account');
  if (!data) throw new Error('Account pages render inside the account layout.');
  return data.customer;
}
