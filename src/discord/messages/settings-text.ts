/** Table settings as people read them: "12 h", "1 week", "off". */
import { t, type Language } from '../../i18n/index.js';
import { TAKER_DEADLINE_MINUTES, timeOffAllowed, undoOn, whileAway } from '../../store/clocks.js';
import type { GameSettings } from '../../store/schema.js';

/** "12 h", "1 week", "off": a duration in minutes as people say it. */
export function durationLabel(language: Language, minutes: number): string {
  if (minutes <= 0) return t(language, 'settings.off');
  if (minutes % 10080 === 0) return t(language, 'settings.weeks', { count: minutes / 10080 });
  return t(language, 'settings.hours', { count: minutes / 60 });
}

export function settingsLines(language: Language, settings: GameSettings): string[] {
  return [
    t(language, 'settings.reminderLine', { value: durationLabel(language, settings.reminderMinutes) }),
    t(language, 'settings.deadlineLine', { value: durationLabel(language, settings.deadlineMinutes) }),
    t(language, 'settings.paceLine', { value: t(language, `settings.pace.${settings.pace}`) }),
    t(language, 'settings.takeoverLine', { value: t(language, `settings.takeover.${settings.takeover ?? 'host'}`) }),
    // Without a table deadline, a person who takes a seat over still cannot stall the game.
    ...(settings.deadlineMinutes <= 0 && settings.takeover !== 'nobody'
      ? [t(language, 'settings.takerDeadline', { value: durationLabel(language, TAKER_DEADLINE_MINUTES) })]
      : []),
    ...(settings.hints ? [t(language, 'settings.hintsLine')] : []),
    t(language, 'settings.undoLine', { value: t(language, `settings.undo.${undoOn(settings) ? 'on' : 'off'}`) }),
    timeOffAllowed(settings)
      ? t(language, 'settings.timeOffLine', { value: t(language, `settings.whileAway.${whileAway(settings)}`) })
      : t(language, 'settings.timeOffOff'),
  ];
}

