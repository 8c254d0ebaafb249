import type { consolePlatformPoints as zh } from '../zh/console-platform-points.ts';
import type { Widen } from '../widen.ts';

export const consolePlatformPoints: Widen<typeof zh> = {
  pointsMenu: 'Points rules',
  pointsRules: {
    title: 'Points rules',
    intro: 'Saved rules apply at once; points already earned keep their expiry.',
    earnFenPerPoint: 'Yuan spent per point earned',
    earnHint: 'Counted on what each line paid when the order is received, rounded down',
    registerScore: 'Points for registering',
    expireEnabled: 'Points expire',
    expireHint: 'On: points earned in a year expire at the end of the N-th year after it (N below; 1 = the end of the next year). Off: points never expire',
    expireYears: 'Points stay valid (years)',
    usePointsPerYuan: 'At checkout: points worth ¥1',
    useCapPercent: 'Points pay at most (% of the goods)',
    signInRewards: 'Sign-in streak rewards',
    signInHint: 'Day n of a streak earns the n-th value; later days earn the last; a missed day starts again at day 1',
    day: 'Day {{day}}',
    addDay: 'Add a day',
    removeDay: 'Remove the last day',
    save: 'Save',
    saved: 'The points rules are saved',
    yuan: 'yuan',
  },
  userPoints: {
    button: 'Adjust points',
    title: 'Adjust the points of “{{name}}”',
    current: 'Points now: {{score}}',
    change: 'Change (positive adds, negative deducts)',
    changeRequired: 'Enter the change',
    reason: 'Reason',
    reasonPlaceholder: 'The shopper sees a “Platform adjustment” record',
    reasonRequired: 'Please give the reason for the change',
    submit: 'Adjust',
    done: 'Points adjusted: now {{score}}',
  },
  pointsAudit: { 'points.settings': 'Changed the points rules', 'points.adjust': 'Adjusted a shopper’s points' },
};
