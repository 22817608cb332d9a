CREATE TABLE "traffic_reports" (
	"sub_server_id" uuid NOT NULL,
	"report_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "traffic_reports_sub_server_id_report_id_pk" PRIMARY KEY("sub_server_id","report_id")
);
