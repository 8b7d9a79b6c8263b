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
  // The campaign facade (src/rulesets/realbattle/campaign/): the season's rules, the base scenario, the room
  // on the map, actions as untrusted JSON, and the text notation of docs/orders-realbattle.md.
  'realbattle.campaign.rules.notObject': 'the campaign rules must be an object of settings, not {{value}}',
  'realbattle.campaign.rules.unknown': '"{{key}}" is not a campaign rule; the rules are {{keys}}',
  'realbattle.campaign.rules.range': '{{key}} must be a whole number from {{min}} to {{max}}, not {{value}}',
  'realbattle.campaign.noScenario': 'there is no Real Battle scenario {{scenario}} to take the map from',
  'realbattle.campaign.noRoom':
    '{{teams}} teams would put {{ats}} ATs in one camp, but map {{map}} has {{room}} deployment hexes an end',
  'realbattle.campaign.shape.list': 'the actions must be a list of at most {{max}}',
  'realbattle.campaign.shape.notObject': 'action {{order}} is not an object with a "kind"',
  'realbattle.campaign.shape.missing': 'action {{order}} ({{kind}}) needs "{{field}}"',
  'realbattle.campaign.shape.extra': 'action {{order}} ({{kind}}) has no field "{{field}}"',
  'realbattle.campaign.shape.id':
    'action {{order}}: "{{field}}" must be an id (letters, digits and "-", at most 40 characters)',
  'realbattle.campaign.shape.integer': 'action {{order}}: "{{field}}" must be a whole number from {{min}} to {{max}}',
  'realbattle.campaign.shape.boolean': 'action {{order}}: "{{field}}" must be true or false',
  'realbattle.campaign.shape.name': 'action {{order}}: "{{field}}" must be a name of 1 to 40 characters',
  'realbattle.campaign.shape.mount': 'action {{order}}: "{{field}}" must be a place: {{mounts}}',
  'realbattle.campaign.notation.at': 'line {{line}} "{{text}}": ',
  'realbattle.campaign.notation.unknownWord':
    '$t(realbattle.campaign.notation.at)"{{word}}" is not a maintenance action: write one of {{kinds}}',
  'realbattle.campaign.notation.usage': '$t(realbattle.campaign.notation.at)write "{{usage}}"',
  'realbattle.campaign.notation.id':
    '$t(realbattle.campaign.notation.at)"{{token}}" is not an id (letters, digits and "-", at most 40 characters)',
  'realbattle.campaign.notation.number':
    '$t(realbattle.campaign.notation.at)"{{token}}" is not a whole number from {{min}} to {{max}}',
  'realbattle.campaign.notation.extra': '$t(realbattle.campaign.notation.at)"{{token}}" is not expected here',
  'realbattle.campaign.notation.twice': '$t(realbattle.campaign.notation.at)"{{token}}" is given twice',
  'realbattle.campaign.notation.mount':
    '$t(realbattle.campaign.notation.at)"{{token}}" is not a place: write one of {{mounts}}',
  'realbattle.campaign.notation.name':
    '$t(realbattle.campaign.notation.at)"{{token}}" is not a name: write 1 to 40 characters in quotes, ' +
    'as name "Chirico"',
  'realbattle.campaign.notation.tooMany': 'at most {{max}} actions at once; line {{line}} is one too many',
} as const

export type CampaignMessageKey = keyof typeof CAMPAIGN_MESSAGES

/** A refused campaign action: `refuseCampaign(rule, key, params, { order, field })`. */
export const refuseCampaign = refusals<CampaignMessageKey>(CAMPAIGN_MESSAGES)
