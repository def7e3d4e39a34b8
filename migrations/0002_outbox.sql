CREATE TABLE `posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` integer NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	`message_id` text,
	`failed` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `posts_unsent` ON `posts` (`game_id`,`sent_at`);--> statement-breakpoint
ALTER TABLE `games` ADD `board_message_id` text;--> statement-breakpoint
ALTER TABLE `games` ADD `posted_through` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `games` ADD `board_from` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `moves` ADD `events` text;