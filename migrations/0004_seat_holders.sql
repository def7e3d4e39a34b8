CREATE TABLE `seat_holders` (
	`game_id` integer NOT NULL,
	`seat` integer NOT NULL,
	`from_sequence` integer NOT NULL,
	`user_id` text,
	`is_bot` integer NOT NULL,
	`display_name` text NOT NULL,
	PRIMARY KEY(`game_id`, `seat`, `from_sequence`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `seat_holders_user` ON `seat_holders` (`user_id`);--> statement-breakpoint
CREATE TABLE `seat_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` integer NOT NULL,
	`seat` integer NOT NULL,
	`user_id` text NOT NULL,
	`display_name` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`decided_by` text,
	`message_id` text,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `seat_requests_game` ON `seat_requests` (`game_id`,`status`);--> statement-breakpoint
-- Games dealt before this table existed: their current holders stand for the whole game.
INSERT INTO `seat_holders` (`game_id`, `seat`, `from_sequence`, `user_id`, `is_bot`, `display_name`)
SELECT `seats`.`game_id`, `seats`.`position`, 0, `seats`.`user_id`, `seats`.`is_bot`, `seats`.`display_name`
FROM `seats` INNER JOIN `games` ON `games`.`id` = `seats`.`game_id` WHERE `games`.`status` <> 'lobby';
