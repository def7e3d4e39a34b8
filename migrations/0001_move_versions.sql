ALTER TABLE `moves` ADD `version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `moves_game_seat` ON `moves` (`game_id`,`seat`);