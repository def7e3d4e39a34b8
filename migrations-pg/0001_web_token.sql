ALTER TABLE "games" ADD COLUMN "web_token" text;--> statement-breakpoint
CREATE UNIQUE INDEX "games_web_token" ON "games" USING btree ("web_token");