CREATE TABLE "chat_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"message_id" uuid,
	"uploaded_by_staff" boolean NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"is_admin" boolean NOT NULL,
	"author_id" uuid,
	"author_email" text NOT NULL,
	"author_name" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_threads" (
	"applicant_id" uuid PRIMARY KEY NOT NULL,
	"staff_notified_at" timestamp with time zone,
	"applicant_notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "chat_documents" ADD CONSTRAINT "chat_documents_applicant_id_waitlist_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."waitlist_applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_documents" ADD CONSTRAINT "chat_documents_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_applicant_id_waitlist_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."waitlist_applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_id_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_threads" ADD CONSTRAINT "chat_threads_applicant_id_waitlist_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."waitlist_applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_documents_message_idx" ON "chat_documents" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "chat_documents_applicant_idx" ON "chat_documents" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "chat_messages_thread_idx" ON "chat_messages" USING btree ("applicant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "chat_messages_unread_idx" ON "chat_messages" USING btree ("applicant_id") WHERE not "chat_messages"."is_admin" and "chat_messages"."read_at" is null;