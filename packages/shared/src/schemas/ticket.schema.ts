import { z } from 'zod';
import { CURRENCY_CAPITAL_LIMIT } from '../format.js';
import { TICKET_LIMITS, TICKET_MESSAGES, isMaskedIdCard, isValidIdCard } from '../house.js';
import { TICKET_RESOURCE, TICKET_USE_RESOURCE } from '../resources/room-ticket.js';
import { zodString } from '../zod-string.js';
import { idField, moneyField, optionalRules, requiredDate } from './fields.js';

const F = TICKET_RESOURCE.fields;
const U = TICKET_USE_RESOURCE.fields;

const holderIdCard = z
  .string({ error: TICKET_MESSAGES.idCardRequired })
  .trim()
  .min(1, TICKET_MESSAGES.idCardRequired)
  .transform((v) => v.toUpperCase())
  .refine(isValidIdCard, TICKET_MESSAGES.idCardInvalid);

const holderPhone = zodString(F.holderPhone.rules);

/** Amounts of 1e15 or more cannot be written in capital numerals: refused with the spec's message first. */
const amount = (message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .refine((v) => !(Number(v) >= CURRENCY_CAPITAL_LIMIT), TICKET_MESSAGES.tooLarge)
    .pipe(moneyField(message, { positive: true, max: TICKET_LIMITS.maxYuan }));

const ticketFields = {
  holderName: zodString(F.holderName.rules),
  holderIdCard,
  holderPhone,
  projectId: z.string({ error: TICKET_MESSAGES.projectRequired }).min(1, TICKET_MESSAGES.projectRequired).max(32),
  faceAmount: amount(TICKET_MESSAGES.faceAmount),
  issueDate: requiredDate(TICKET_MESSAGES.issueDateRequired, '发放日期'),
  expiryDate: requiredDate(TICKET_MESSAGES.expiryDateRequired, '有效期至'),
  remark: optionalRules(F.remark.rules),
};

const datesInOrder = (v: { issueDate?: string; expiryDate?: string }) =>
  !v.issueDate || !v.expiryDate || v.expiryDate >= v.issueDate;

/** Issuing a ticket: the number comes from the fill rule `ticket_no` unless an import brings one. */
export const ticketCreateSchema = z
  .strictObject({ ...ticketFields, ticketNo: z.string().max(32).optional().nullable() })
  .refine(datesInOrder, { message: TICKET_MESSAGES.expiryBeforeIssue, path: ['expiryDate'] });
export type TicketCreateInput = z.infer<typeof ticketCreateSchema>;

/**
 * Editing: the holder, project, face amount and dates. A masked ID number (as the list answers it) means
 * "unchanged"; status, used amount and number are the server's.
 */
export const ticketUpdateSchema = z
  .strictObject({
    id: idField,
    holderName: ticketFields.holderName.optional(),
    holderIdCard: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .refine((v) => isMaskedIdCard(v) || isValidIdCard(v), TICKET_MESSAGES.idCardInvalid)
      .optional(),
    holderPhone: holderPhone.optional(),
    projectId: ticketFields.projectId.optional(),
    faceAmount: ticketFields.faceAmount.optional(),
    issueDate: ticketFields.issueDate.optional(),
    expiryDate: ticketFields.expiryDate.optional(),
    remark: ticketFields.remark,
    ticketNo: z.string().max(32).optional().nullable(),
    status: z.string().max(20).optional(),
    version: z.number().int().optional(),
  })
  .refine(datesInOrder, { message: TICKET_MESSAGES.expiryBeforeIssue, path: ['expiryDate'] });
export type TicketUpdateInput = z.infer<typeof ticketUpdateSchema>;

export const ticketUseSchema = z.strictObject({
  ticketId: idField,
  houseAddress: zodString(U.houseAddress.rules),
  area: z
    .union([z.number(), z.string()])
    .pipe(moneyField(TICKET_MESSAGES.area, { positive: true, max: 1e10 }))
    .optional()
    .nullable(),
  amount: amount(TICKET_MESSAGES.amount),
  useDate: requiredDate(TICKET_MESSAGES.useDateRequired, '使用日期'),
  seller: zodString(U.seller.rules),
  remark: optionalRules(U.remark.rules),
});
export type TicketUseInput = z.infer<typeof ticketUseSchema>;

export const ticketCancelSchema = z.strictObject({
  id: idField,
  reason: zodString(F.cancelReason.rules),
});
export type TicketCancelInput = z.infer<typeof ticketCancelSchema>;
