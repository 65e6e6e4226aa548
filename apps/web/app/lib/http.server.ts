import { data } from 'react-router';
import { isApiError } from './api-client.server';

/**
 * Turns an API 404 into the storefront's 404 page (the route's validity check failed) and lets
 * anything else surface as the 500 page.
 */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 422)) {
      throw data({ message: error.message }, { status: 404 });
    }
    throw error;
  }
}
