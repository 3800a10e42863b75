CREATE TABLE "approval_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"seq" integer NOT NULL,
	"tool_use_id" text NOT NULL,
	"tool_name" text NOT NULL,
	"point" text NOT NULL,
	"hook_id" text NOT NULL,
	"payload" json NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision" text,
	"requested_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"responded_at" bigint,
	"responded_by" text,
	"reason" text,
	"token_hash" text
);
--> statement-breakpoint
CREATE TABLE "meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_providers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"base_url" text,
	"default_model" text DEFAULT '' NOT NULL,
	"key_sealed" text,
	"key_hint" text,
	"created_at" bigint DEFAULT (floor(extract(epoch from now()) * 1000)::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from now()) * 1000)::bigint) NOT NULL,
	CONSTRAINT "model_providers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "pipeline_revisions" (
	"pipeline_id" text NOT NULL,
	"revision" integer NOT NULL,
	"document" json NOT NULL,
	"created_at" bigint DEFAULT (floor(extract(epoch from now()) * 1000)::bigint) NOT NULL,
	CONSTRAINT "pipeline_revisions_pipeline_id_revision_pk" PRIMARY KEY("pipeline_id","revision")
);
--> statement-breakpoint
CREATE TABLE "pipelines" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"profile" text NOT NULL,
	"head_revision" integer NOT NULL,
	"hook_count" integer DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (floor(extract(epoch from now()) * 1000)::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from now()) * 1000)::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "run_events" (
	"run_id" text NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"point" text,
	"hook_id" text,
	"edge" text,
	"status" text,
	"data" text NOT NULL,
	CONSTRAINT "run_events_run_id_seq_pk" PRIMARY KEY("run_id","seq")
);
--> statement-breakpoint
CREATE TABLE "runs" (
	"id" text PRIMARY KEY NOT NULL,
	"pipeline_id" text NOT NULL,
	"revision" integer NOT NULL,
	"scenario_name" text NOT NULL,
	"scenario" json NOT NULL,
	"rerun_of" text,
	"status" text DEFAULT 'running' NOT NULL,
	"exit_reason" text,
	"failure" text,
	"event_count" integer DEFAULT 0 NOT NULL,
	"hooks_changed" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"point" text,
	"expectations" json,
	"expectations_passed" integer,
	"expectations_failed" integer,
	"created_at" bigint DEFAULT (floor(extract(epoch from now()) * 1000)::bigint) NOT NULL,
	"finished_at" bigint
);
--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_revisions" ADD CONSTRAINT "pipeline_revisions_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_events" ADD CONSTRAINT "run_events_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_requests_run" ON "approval_requests" USING btree ("run_id","seq");--> statement-breakpoint
CREATE INDEX "approval_requests_status" ON "approval_requests" USING btree ("status");--> statement-breakpoint
CREATE INDEX "runs_pipeline_created" ON "runs" USING btree ("pipeline_id","created_at");