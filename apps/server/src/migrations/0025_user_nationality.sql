-- Restricted countries (ARCHITECTURE §5): registration asks for the nationality and refuses those the
-- deployment names in RESTRICTED_COUNTRIES, as it does the phone's country. It is kept with the user
-- (an ISO 3166-1 alpha-2 code); users registered before it was asked have none.

alter table users add column nationality text check (nationality ~ '^[A-Z]{2}$');
