CREATE TABLE `clocks` (
	`game_id` integer NOT NULL,
	`seat` integer NOT NULL,
	`since` integer NOT NULL,
	`reminders` integer DEFAULT 0 NOT NULL,
	`remind_at` integer,
	`deadline_at` integer,
	`snoozed` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`game_id`, `seat`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `clocks_remind` ON `clocks` (`remind_at`);--> statement-breakpoint
CREATE INDEX `clocks_deadline` ON `clocks` (`deadline_at`);--> statement-breakpoint
CREATE TABLE `departures` (
	`game_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`seat` integer NOT NULL,
	`reason` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `departures_game` ON `departures` (`game_id`);--> statement-breakpoint
CREATE TABLE `ratings` (
	`guild_id` text NOT NULL,
	`user_id` text NOT NULL,
	`game_type` text NOT NULL,
	`mu` real NOT NULL,
	`sigma` real NOT NULL,
	`games` integer DEFAULT 0 NOT NULL,
	`wins` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`guild_id`, `user_id`, `game_type`)
);
--> statement-breakpoint
CREATE INDEX `ratings_board` ON `ratings` (`guild_id`,`game_type`);--> statement-breakpoint
CREATE TABLE `users` (
	`user_id` text PRIMARY KEY NOT NULL,
	`notify` text DEFAULT 'channel' NOT NULL
);
--> statement-breakpoint
ALTER TABLE `games` ADD `settings` text;--> statement-breakpoint
ALTER TABLE `seats` ADD `timeouts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `seats` ADD `since_sequence` integer DEFAULT 0 NOT NULL;