import { PROJECT_CODE_RULE, TICKET_NO_RULE, canTransition, isValidIdCard } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { FillRuleService } from '../../modules/rule/fill-rule.service.js';
import { DEMO_TICKET_COUNT, generateDemoProjects, seedDemoProjects } from './project-demo.seed.js';

describe('demo projects and room tickets', () => {
  const data = generateDemoProjects();

  it('is deterministic', () => {
    expect(generateDemoProjects()).toEqual(data);
  });

  it('gives every project a consistent state: progress, dates and costs under the 120% ceiling', () => {
    expect(new Set(data.projects.map((p) => p.code)).size).toBe(data.projects.length);
    for (const p of data.projects) {
      expect(p.code).toMatch(/^XM\d{8}$/);
      if (p.status === 'planned') expect([p.progress, p.actualCost]).toEqual([0, null]);
      if (p.status === 'completed') expect(p.progress).toBe(100);
      expect(p.progress).toBeGreaterThanOrEqual(0);
      expect(p.progress).toBeLessThanOrEqual(100);
      expect(p.endDate! > p.startDate!).toBe(true);
      expect(p.actualCost ?? 0).toBeLessThanOrEqual(p.budget! * 1.2);
    }
    // Every status is reachable from 计划 by the state machine, and each type is present.
    expect(canTransition('planned', 'in_progress')).toBe(true);
    expect(new Set(data.projects.map((p) => p.type))).toEqual(
      new Set(['construction', 'renovation', 'resettlement', 'investment']),
    );
  });

  it('issues tickets on started resettlement projects, uses never above the face amount', () => {
    expect(data.tickets).toHaveLength(DEMO_TICKET_COUNT);
    const projects = new Map(data.projects.map((p) => [p.id, p]));
    expect(new Set(data.tickets.map((t) => t.ticketNo)).size).toBe(DEMO_TICKET_COUNT);
    for (const t of data.tickets) {
      const project = projects.get(t.projectId)!;
      expect(project.type).toBe('resettlement');
      expect(project.status).not.toBe('planned');
      expect(isValidIdCard(t.holderIdCard)).toBe(true);
      expect(t.holderPhone).toMatch(/^1[3-9]\d{9}$/);
      expect(t.ticketNo).toBe(`FP${t.issueDate.replaceAll('-', '')}${t.ticketNo.slice(-4)}`);
      expect(t.expiryDate > t.issueDate).toBe(true);
      const uses = data.uses.filter((u) => u.ticketId === t.id);
      expect(uses.reduce((s, u) => s + u.amount, 0)).toBe(t.usedAmount);
      for (const u of uses) {
        expect(u.amount).toBeGreaterThan(0);
        expect(u.useDate >= t.issueDate && u.useDate <= t.expiryDate).toBe(true);
      }
      expect(t.usedAmount).toBeLessThanOrEqual(t.faceAmount);
      if (t.status === 'issued') expect(t.usedAmount).toBe(0);
      if (t.status === 'partly_used') expect(t.usedAmount > 0 && t.usedAmount < t.faceAmount).toBe(true);
      if (t.status === 'used') expect(t.usedAmount).toBe(t.faceAmount);
      // Expired ones ran out before the demo's today; the others are valid for the year after it.
      if (t.status === 'expired') expect(t.expiryDate < '2026-10-31').toBe(true);
      else expect(t.expiryDate > '2027-01-01').toBe(true);
      expect(Boolean(t.cancelReason)).toBe(t.status === 'cancelled');
    }
    for (const status of ['issued', 'partly_used', 'used', 'expired', 'cancelled']) {
      expect(data.tickets.some((t) => t.status === status)).toBe(true);
    }
  });
});

describe.each(targets)('demo projects and tickets on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(target);
    expect(await seedDemoProjects(t.app.ctx.db.db)).toBe(true);
  }, 120_000);
  afterAll(async () => t?.close());

  it('seeds once, and numbers drawn afterwards never clash with the seeded ones', async () => {
    const { db } = t.app.ctx.db;
    const seeded = generateDemoProjects();
    expect(await seedDemoProjects(db)).toBe(false);
    const projects = await db.selectFrom('bizProject').select('code').execute();
    const tickets = await db.selectFrom('bizRoomTicket').select(['ticketNo', 'issueDate']).execute();
    expect(projects).toHaveLength(seeded.projects.length);
    expect(tickets).toHaveLength(DEMO_TICKET_COUNT);
    const rules = new FillRuleService(db);
    // Drawn on a day and in a year the demo used: the counters continue after the seeded numbers.
    const codes = new Set(projects.map((p) => p.code));
    const year = [...codes].sort().at(-1)!.slice(2, 6);
    const nos = new Set(tickets.map((r) => r.ticketNo));
    const day = tickets[0]!.issueDate;
    for (let i = 0; i < 3; i++) {
      const code = await rules.execute(PROJECT_CODE_RULE, {}, new Date(`${year}-06-01T12:00:00`));
      expect(code.startsWith(`XM${year}`) && !codes.has(code)).toBe(true);
      const no = await rules.execute(TICKET_NO_RULE, {}, new Date(`${day}T12:00:00`));
      expect(no.startsWith(`FP${day.replaceAll('-', '')}`) && !nos.has(no)).toBe(true);
    }
  });
});
