CREATE TABLE `games` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text,
	`channel_id` text NOT NULL,
	`game_type` text NOT NULL,
	`status` text NOT NULL,
	`options` text NOT NULL,
	`language` text NOT NULL,
	`state` text,
	`version` integer DEFAULT 0 NOT NULL,
	`seed` text NOT NULL,
	`creator_id` text NOT NULL,
	`lobby_message_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `games_one_open_per_channel` ON `games` (`channel_id`) WHERE "games"."status" in ('lobby', 'active');--> statement-breakpoint
CREATE INDEX `games_status` ON `games` (`status`);--> statement-breakpoint
CREATE TABLE `meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `moves` (
	`game_id` integer NOT NULL,
	`sequence` integer NOT NULL,
	`seat` integer NOT NULL,
	`actor_id` text,
	`move` text NOT NULL,
	`interaction_id` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `sequence`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `moves_interaction_id_unique` ON `moves` (`interaction_id`);--> statement-breakpoint
CREATE TABLE `seats` (
	`game_id` integer NOT NULL,
	`position` integer NOT NULL,
	`user_id` text,
	`is_bot` integer NOT NULL,
	`display_name` text NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `position`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
