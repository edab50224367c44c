-- A device is named by its browser and system joined by a middle dot ("Chrome · Android"): proper
-- names and a sign every language reads alike, where "Chrome on Android" put an English word into
-- every language's page. Rewritten wherever a device is kept for later, so that a device the user
-- signed in on before is still known (no new-sign-in notice for it). Notices already sent stay as
-- they were: the inbox is append-only.
update sessions set device = replace(device, ' on ', ' · ') where device like '% on %';
update user_sign_in_challenges set device = replace(device, ' on ', ' · ') where device like '% on %';
