ALTER TABLE `games` ADD `web_token` text;--> statement-breakpoint
CREATE UNIQUE INDEX `games_web_token` ON `games` (`web_token`);