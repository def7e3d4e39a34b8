CREATE TABLE `flags` (
	`game_id` integer NOT NULL,
	`seat` integer NOT NULL,
	`user_id` text NOT NULL,
	`item` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `user_id`, `item`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text,
	`channel_id` text NOT NULL,
	`game_type` text NOT NULL,
	`options` text NOT NULL,
	`settings` text NOT NULL,
	`language` text NOT NULL,
	`bot_level` text DEFAULT 'standard' NOT NULL,
	`tables` integer NOT NULL,
	`anonymous` integer DEFAULT false NOT NULL,
	`facilitator_id` text NOT NULL,
	`status` text NOT NULL,
	`message_id` text,
	`web_token` text,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`ended_at` integer
);
--> statement-breakpoint
CREATE INDEX `sessions_channel` ON `sessions` (`channel_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_web_token` ON `sessions` (`web_token`);--> statement-breakpoint
ALTER TABLE `clocks` ADD `warn_at` integer;--> statement-breakpoint
ALTER TABLE `clocks` ADD `resume_at` integer;--> statement-breakpoint
ALTER TABLE `clocks` ADD `stand_in` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `clocks_warn` ON `clocks` (`warn_at`);--> statement-breakpoint
CREATE INDEX `clocks_resume` ON `clocks` (`resume_at`);--> statement-breakpoint
ALTER TABLE `games` ADD `session_id` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `table_number` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `paused_at` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `stopped_early` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `games_session` ON `games` (`session_id`);--> statement-breakpoint
ALTER TABLE `moves` ADD `undoable` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `moves` ADD `before` text;--> statement-breakpoint
ALTER TABLE `moves` ADD `undone_at` integer;--> statement-breakpoint
ALTER TABLE `seats` ADD `muted` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `away_from` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `away_until` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `away_year` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `away_days_used` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `digest_hour` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `utc_offset_minutes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `digest_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `dm_closed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `locale` text;--> statement-breakpoint
CREATE INDEX `users_digest` ON `users` (`digest_at`);--> statement-breakpoint
CREATE INDEX `users_away` ON `users` (`away_until`);