import type { MemberAreaFields, MemberAreaList, MemberAreaView, MemberList } from '@emporium/server/member-areas/schemas';
import { api } from '../../api/http.js';

export type { MemberAreaList, MemberAreaView, MemberList };
/** What the form sends (the server's own body schema). */
export type MemberAreaBody = (typeof MemberAreaFields)['_zod']['output'];

/** The member-area calls (packages/server/src/member-areas/owner-routes.ts). */
export const MEMBER_AREAS_PATH = '/api/owner/member-areas';

const areaPath = (id: string) => `${MEMBER_AREAS_PATH}/${encodeURIComponent(id)}`;
/** The members of one area. */
export const membersPath = (id: string) => `${areaPath(id)}/members`;

/** Creates an area. */
export function createMemberArea(body: MemberAreaBody): Promise<MemberAreaView> {
  return api<MemberAreaView>(MEMBER_AREAS_PATH, { method: 'POST', body });
}

/** Saves an area and its gated pages. */
export function saveMemberArea(id: string, body: MemberAreaBody): Promise<MemberAreaView> {
  return api<MemberAreaView>(areaPath(id), { method: 'PUT', body });
}

/** Deletes an area with its members. */
export function deleteMemberArea(id: string): Promise<{ deleted: true }> {
  return api<{ deleted: true }>(areaPath(id), { method: 'DELETE' });
}

/** How an area is billed, as the screen says it. */
export function billingText(area: Pick<MemberAreaView, 'billing' | 'billingPeriod' | 'trialDays'>): string {
  if (area.billing === 'one-time' || !area.billingPeriod) return 'One-time';
  const { value, unit } = area.billingPeriod;
  const every = `Every ${value} ${unit.toLowerCase()}${value === 1 ? '' : 's'}`;
  return area.trialDays > 0 ? `${every}, ${area.trialDays}-day trial` : every;
}
