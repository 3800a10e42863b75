ALTER TABLE `runs` ADD `point` text;--> statement-breakpoint
ALTER TABLE `runs` ADD `expectations` text;--> statement-breakpoint
ALTER TABLE `runs` ADD `expectations_passed` integer;--> statement-breakpoint
ALTER TABLE `runs` ADD `expectations_failed` integer;