CREATE TABLE `approval_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`run_id` text NOT NULL,
	`seq` integer NOT NULL,
	`tool_use_id` text NOT NULL,
	`tool_name` text NOT NULL,
	`point` text NOT NULL,
	`hook_id` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`decision` text,
	`requested_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`responded_at` integer,
	`responded_by` text,
	`token_hash` text,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `approval_requests_run` ON `approval_requests` (`run_id`,`seq`);--> statement-breakpoint
CREATE INDEX `approval_requests_status` ON `approval_requests` (`status`);