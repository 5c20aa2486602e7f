// The report stream's pure evolve and decide: the state is the fold of its events through the report machine.
import type { ReportType } from '@portal/migrations/database.ts'
import { getInitialSnapshot, transition, type SnapshotFrom } from 'xstate'
import { refuseConflict } from '../refusal.ts'
import type { DecisionFile, ReportEvent } from './report-events.ts'
import { reportMachine, type ReportMachineEvent, type ReportMachineState } from './report-machine.ts'

export interface ReportState {
  snapshot: SnapshotFrom<typeof reportMachine>
  status: ReportMachineState
  reportId: number | null
  /** How many events the stream holds: the expected version of the next append. */
  version: number
}

export function initialReportState(): ReportState {
  const snapshot = getInitialSnapshot(reportMachine)
  return { snapshot, status: snapshot.value as ReportMachineState, reportId: null, version: 0 }
}

const MACHINE_EVENT: Record<ReportEvent['type'], ReportMachineEvent['type']> = {
  ReportCreated: 'create',
  ReportAgreed: 'agree',
  ReportRejected: 'decline',
  ReportDecisionCancelled: 'cancel',
}

export function evolveReport(state: ReportState, event: ReportEvent): ReportState {
  const [snapshot] = transition(reportMachine, state.snapshot, { type: MACHINE_EVENT[event.type] })
  return {
    snapshot,
    status: snapshot.value as ReportMachineState,
    reportId: state.reportId ?? event.data.reportId,
    version: state.version + 1,
  }
}

export function foldReport(events: readonly ReportEvent[]): ReportState {
  return events.reduce(evolveReport, initialReportState())
}

export type ReportCommand =
  | { type: 'CreateReport'; data: { reportId: number; reportType: ReportType; year: number; areaId: number | null; companyId: number } }
  | { type: 'AgreeReport'; data: { comment: string; files: DecisionFile[] } }
  | { type: 'DeclineReport'; data: { comment: string; files: DecisionFile[] } }
  | { type: 'CancelReportDecision'; data: { comment: string; files: DecisionFile[] } }

const STATUS_LABEL: Record<ReportMachineState, string> = {
  none: 'не создан',
  consideration: 'На рассмотрении',
  agreed: 'Согласован',
  rejected: 'Отклонён',
}

function refusedDecision(state: ReportState, action: string) {
  if (state.status === 'none') return refuseConflict('Отчёт не найден.')
  return refuseConflict(`Нельзя ${action}: отчёт уже в статусе «${STATUS_LABEL[state.status]}». Обновите страницу.`)
}

/** The events a command produces, or a refusal; creating an existing report produces nothing (it already exists). */
export function decideReport(state: ReportState, command: ReportCommand): ReportEvent[] {
  const can = (type: ReportMachineEvent['type']) => state.snapshot.can({ type })
  switch (command.type) {
    case 'CreateReport':
      return can('create') ? [{ type: 'ReportCreated', data: command.data }] : []
    case 'AgreeReport':
      if (!can('agree')) throw refusedDecision(state, 'согласовать отчёт')
      return [{ type: 'ReportAgreed', data: { reportId: state.reportId!, ...command.data } }]
    case 'DeclineReport':
      if (!can('decline')) throw refusedDecision(state, 'отклонить отчёт')
      return [{ type: 'ReportRejected', data: { reportId: state.reportId!, ...command.data } }]
    case 'CancelReportDecision':
      if (!can('cancel')) throw refusedDecision(state, 'отменить решение')
      return [
        {
          type: 'ReportDecisionCancelled',
          data: { reportId: state.reportId!, previousStatus: state.status as 'agreed' | 'rejected', ...command.data },
        },
      ]
  }
}
