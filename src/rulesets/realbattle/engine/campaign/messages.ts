// The English of every campaign refusal (RB-24). Keys are realbattle.campaign.*; values go in as {{name}}.
// The locale catalogues, locales/<locale>/orders.json, hold the same entries.
import { refusals } from '../../../../engine/messages.js'

export const CAMPAIGN_MESSAGES = {
  'realbattle.campaign.unknownKind': '"{{kind}}" is not a maintenance action',
  'realbattle.campaign.actionsUsed': 'a maintenance has {{limit}} actions and all {{limit}} are used',
  'realbattle.campaign.noCard': 'there is no card {{card}}',
  'realbattle.campaign.notForSale': '{{card}} is not for sale (no price or availability)',
  'realbattle.campaign.cannotPay': '{{what}} costs G{{price}}, but the team has G{{money}}',
  'realbattle.campaign.noWeapon': 'the team owns no weapon {{weapon}}',
  'realbattle.campaign.magazineStar': '{{card}} takes no magazines (★)',
  'realbattle.campaign.noResupply': '{{card}} has no resupply price',
  'realbattle.campaign.noAmmo': '{{card}} carries no ammunition to resupply',
  'realbattle.campaign.full': '{{weapon}} is already full ({{ammo}} rounds)',
  'realbattle.campaign.noAt': 'the team owns no AT {{at}}',
  'realbattle.campaign.noDamage': '{{at}} has no damage to repair',
  'realbattle.campaign.amount': 'the amount must be a positive multiple of G10, not {{amount}}',
  'realbattle.campaign.maxDebt':
    'borrowing G{{amount}} would make the debt G{{total}}, above the limit of G{{limit}} outstanding',
  'realbattle.campaign.repayTooMuch': 'the team owes G{{debt}} and cannot repay G{{amount}}',
  'realbattle.campaign.builtIn': '{{weapon}} is built into its AT and never moves',
  'realbattle.campaign.notInStore': "{{weapon}} is not in the team's store of unmounted weapons",
  'realbattle.campaign.notOnAt': '{{weapon}} is not mounted on {{at}}',
  'realbattle.campaign.badMount': '{{weapon}} ({{card}}) cannot go at {{mount}}; it goes at {{allowed}}',
  'realbattle.campaign.slotTaken': '{{at}} already carries {{other}} at {{mount}}',
  'realbattle.campaign.noSlot': '{{at}} has no free place for {{weapon}} ({{allowed}} taken)',
  'realbattle.campaign.atBroken':
    '{{at}} has {{damage}} damage against durability {{durability}}: it cannot be fielded',
  'realbattle.campaign.noPilot': 'the team has no pilot {{pilot}}',
  'realbattle.campaign.deadPilot': '{{pilot}} is dead and cannot be fielded',
  'realbattle.campaign.scoutFee':
    'the highest contract fee to accept must be a whole number of G, 0 or more, not {{fee}}',
  'realbattle.campaign.noShow': 'only {{n}} team(s) can field an AT with a living pilot: no show',
} as const

export type CampaignMessageKey = keyof typeof CAMPAIGN_MESSAGES

/** A refused campaign action: `refuseCampaign(rule, key, params, { order, field })`. */
export const refuseCampaign = refusals<CampaignMessageKey>(CAMPAIGN_MESSAGES)
