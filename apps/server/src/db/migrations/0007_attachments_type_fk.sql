-- Documents refer to their Document Type (settings module's table). Written by hand because the
-- attachments table does not import another module's table; a type in use cannot be deleted (409).
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_type_id_document_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."document_types"("id") ON DELETE restrict ON UPDATE no action;
