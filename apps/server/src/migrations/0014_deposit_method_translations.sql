-- A deposit method's name and instructions per locale (locale → text), like a product's names, so each
-- user reads them in their own language. A locale without text is shown the default locale's (zh-CN).
--
-- The single text entered before was English: it becomes the "en" text and also the zh-CN text, so every
-- method keeps a name to fall back on and every user sees what they saw before until an operator enters
-- the Chinese. Empty instructions become none in any locale.

alter table deposit_methods
  alter column name type jsonb using jsonb_build_object('zh-CN', name, 'en', name);

alter table deposit_methods rename column name to names;

alter table deposit_methods
  alter column instructions drop default,
  alter column instructions type jsonb using case
    when btrim(instructions) = '' then '{}'::jsonb
    else jsonb_build_object('zh-CN', instructions, 'en', instructions)
  end,
  alter column instructions set default '{}';

alter table deposit_methods
  add constraint deposit_method_names check (jsonb_typeof(names) = 'object'),
  add constraint deposit_method_instructions check (jsonb_typeof(instructions) = 'object');
