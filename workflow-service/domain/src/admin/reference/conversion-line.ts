// The words of a unit change's conversion in the reference history (decision 3416): what was multiplied, by what.
import { formatNumber } from '../../text/russian-format.ts'
import type { UnitConversion } from './reference-events.ts'

export function conversionLine(conversion: UnitConversion): string {
  const by = `из «${conversion.from}» в «${conversion.to}» (× ${formatNumber(conversion.factor)})`
  if (conversion.readings === undefined) return `Пересчитаны ПДК ${by}`
  return `Пересчитаны ПДК и показания ${by}: опубликованные — ${formatNumber(conversion.readings)}, ждущие публикации — ${formatNumber(conversion.staged ?? 0)}`
}
