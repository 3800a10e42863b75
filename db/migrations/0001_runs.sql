CREATE TABLE `run_events` (
	`run_id` text NOT NULL,
	`seq` integer NOT NULL,
	`type` text NOT NULL,
	`point` text,
	`hook_id` text,
	`edge` text,
	`status` text,
	`data` text NOT NULL,
	PRIMARY KEY(`run_id`, `seq`),
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `runs` (
	`id` text PRIMARY KEY NOT NULL,
	`pipeline_id` text NOT NULL,
	`revision` integer NOT NULL,
	`scenario_name` text NOT NULL,
	`scenario` text NOT NULL,
	`rerun_of` text,
	`status` text DEFAULT 'running' NOT NULL,
	`exit_reason` text,
	`failure` text,
	`event_count` integer DEFAULT 0 NOT NULL,
	`hooks_changed` integer DEFAULT 0 NOT NULL,
	`errors` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`pipeline_id`) REFERENCES `pipelines`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `runs_pipeline_created` ON `runs` (`pipeline_id`,`created_at`);