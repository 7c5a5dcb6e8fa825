CREATE TABLE "idempotent_answers" (
	"operation" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"status" integer NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_answers_pk" PRIMARY KEY("operation","idempotency_key"),
	CONSTRAINT "idempotent_answers_status_check" CHECK ("idempotent_answers"."status" between 200 and 299)
);
