import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import prettier from 'eslint-config-prettier'

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Use the game dice.' }],
    },
  },
  {
    // Small functions in the notification layer: a function a reader can hold in their head.
    files: ['src/notify/**/*.ts'],
    // Known debt, written before the rule: each file leaves this list when its long or branching
    // functions are split. Do not add to it.
    ignores: [
      'src/notify/compose/narrate-abaoaqu.ts',
      'src/notify/fanout.ts',
      'src/notify/inbound/smtp.ts',
      'src/notify/inbound/strip-markers.ts',
      'src/notify/inbound/strip.ts',
      'src/notify/map/abaoaqu-events.ts',
      'src/notify/map/abaoaqu.ts',
      'src/notify/map/crop.ts',
      'src/notify/map/font-metrics.ts',
      'src/notify/map/png-glyphs.ts',
      'src/notify/map/png-text.ts',
      'src/notify/map/raster.ts',
      'src/notify/map/svg-legend.ts',
      'src/notify/map/svg.ts',
      'src/notify/queue.ts',
      'src/notify/relay.ts',
      'src/notify/reply.ts',
      'src/notify/send.ts',
      'src/notify/webhook.ts',
      'src/notify/worker.ts',
    ],
    rules: {
      complexity: ['error', 10],
      'max-lines-per-function': ['error', { max: 40, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', fetch: 'readonly', console: 'readonly' } },
  },
  {
    files: ['src/engine/**/*.ts', 'src/rulesets/*/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'node:*',
            'fs',
            'path',
            'crypto',
            '../../../*',
            '!../../../engine',
            '@prisma/*',
            'fastify',
            'bullmq',
            'ioredis',
            'yaml',
            'ajv',
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date']", message: 'The engine has no clock.' },
        { selector: "MemberExpression[object.name='Date'][property.name='now']", message: 'The engine has no clock.' },
      ],
    },
  },
)
