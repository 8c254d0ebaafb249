// The shop's staff over the API (decision 057): the list and its key, adding, re-roling, disabling
// or enabling and resetting a password (the passwords in the login's transport cipher), and the
// shop's log. The page (features/staff.tsx) only lays them out.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import type { ConsoleLang } from '@bazaar/shared/console/api-client';
import { encryptPassword } from '@bazaar/shared/crypto/password-cipher';
import { pageOf } from '@bazaar/shared/schemas/common';
import { MerchantAuditLogSchema, StaffMemberSchema, type StaffMember, type StaffRoleKey } from '@bazaar/shared/schemas/merchant-staff';

export const STAFF_QUERY = 'staff';
export const STAFF_LOG_SIZE = 10;
const LogPageSchema = pageOf(MerchantAuditLogSchema);

export const staffKey = () => [STAFF_QUERY, 'list'] as const;
export const staffLogKey = (current: number) => [STAFF_QUERY, 'log', current] as const;

export function useStaff(api: ConsoleApi, lang: ConsoleLang) {
  return useQuery({ queryKey: staffKey(), queryFn: () => api('/merchant/staff', { lang, schema: z.array(StaffMemberSchema) }) });
}

export function useStaffLog(api: ConsoleApi, lang: ConsoleLang, current: number) {
  return useQuery({ queryKey: staffLogKey(current), queryFn: () => api('/merchant/staff/logs', { lang, query: { current, size: STAFF_LOG_SIZE }, schema: LogPageSchema }) });
}

export interface NewStaff {
  username: string;
  displayName?: string;
  role: StaffRoleKey;
  password: string;
}

export type StaffAction = { kind: 'role'; role: StaffRoleKey } | { kind: 'status'; status: 0 | 1 } | { kind: 'password'; password: string };

/** The call of one action on one account. */
export function staffCall(api: ConsoleApi, lang: ConsoleLang, id: number, action: StaffAction): Promise<StaffMember> {
  const body = action.kind === 'role' ? { role: action.role } : action.kind === 'status' ? { status: action.status } : { password: encryptPassword(action.password) };
  return api(`/merchant/staff/${id}/${action.kind}`, { lang, method: 'PUT', body, schema: StaffMemberSchema });
}

/** The list with one account as the API answered it. */
export function withMember(list: StaffMember[] | undefined, member: StaffMember): StaffMember[] | undefined {
  return list?.map((m) => (m.id === member.id ? member : m));
}

export function useAddStaff(api: ConsoleApi, lang: ConsoleLang) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewStaff) =>
      api('/merchant/staff', {
        lang,
        method: 'POST',
        body: { username: input.username.trim(), displayName: input.displayName?.trim() || undefined, role: input.role, password: encryptPassword(input.password) },
        schema: StaffMemberSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: [STAFF_QUERY] }),
  });
}

export function useStaffAction(api: ConsoleApi, lang: ConsoleLang) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: StaffAction }) => staffCall(api, lang, id, action),
    onSuccess: (member) => {
      client.setQueryData<StaffMember[]>(staffKey(), (list) => withMember(list, member));
      void client.invalidateQueries({ queryKey: [STAFF_QUERY, 'log'] });
    },
  });
}
