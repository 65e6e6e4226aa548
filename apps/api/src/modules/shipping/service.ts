import { DELIVERY_FREQUENCIES_WEEKS, type DeliveryDatesResponse, type ZipCode } from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { DELIVERY_TIME_ZONE, deliveryDateChoices } from '../../domain/delivery-dates';
import { AppError } from '../../errors/app-error';
import * as repository from './repository';

/** A known zip code answers whether we deliver there; an unknown one is a 404. */
export async function findZipCode(db: Database, code: string): Promise<ZipCode> {
  const zip = await lookUpZipCode(db, { code });
  if (!zip) throw AppError.notFound(`We don't know the zip code ${code}.`);
  return zip;
}

/** The zip code by its digits or its id, or null when we don't know it. */
export async function lookUpZipCode(
  db: Database,
  by: { code: string } | { id: number },
): Promise<ZipCode | null> {
  const row = await repository.findZipCode(db, by);
  if (!row) return null;
  return {
    id: row.zip.id,
    code: row.zip.code,
    city: row.zip.city,
    is_delivered: row.zip.isDelivered,
    delivery_weekdays: row.zip.deliveryWeekdays,
    state: { id: row.state.id, code: row.state.code, name: row.state.name },
  };
}

export function stateExists(db: Database, stateId: number): Promise<boolean> {
  return repository.stateExists(db, stateId);
}

/** The first delivery dates open for orders now in a delivered zip code (422 where we don't deliver). */
export async function deliveryDatesFor(
  db: Database,
  code: string,
  now = new Date(),
): Promise<DeliveryDatesResponse> {
  const zip = await findZipCode(db, code);
  if (!zip.is_delivered) {
    throw AppError.invalidField('zip_code_id', `Sorry, we don't deliver to ${code} yet.`);
  }
  return {
    data: deliveryDateChoices({ now, weekdays: zip.delivery_weekdays }).map((choice) => ({
      date: choice.date,
      weekday: choice.weekday,
      order_cutoff_at: choice.orderCutoffAt.toISOString(),
    })),
    meta: { frequencies_weeks: [...DELIVERY_FREQUENCIES_WEEKS], time_zone: DELIVERY_TIME_ZONE },
  };
}
