-- A gateway node is called a node everywhere: rename the table, its columns and the constraints
-- that carry the old name in place, so every row and every index stays.
ALTER TABLE "sub_servers" RENAME TO "nodes";--> statement-breakpoint
ALTER TABLE "nodes" RENAME CONSTRAINT "sub_servers_pkey" TO "nodes_pkey";--> statement-breakpoint
ALTER TABLE "egress_ips" RENAME COLUMN "sub_server_id" TO "node_id";--> statement-breakpoint
ALTER TABLE "node_ports" RENAME COLUMN "sub_server_id" TO "node_id";--> statement-breakpoint
ALTER TABLE "proxy_events" RENAME COLUMN "sub_server_id" TO "node_id";--> statement-breakpoint
ALTER TABLE "traffic_reports" RENAME COLUMN "sub_server_id" TO "node_id";--> statement-breakpoint
ALTER TABLE "proxies" RENAME COLUMN "sub_server_id" TO "node_id";--> statement-breakpoint
ALTER TABLE "egress_ips" RENAME CONSTRAINT "egress_ips_sub_server_id_sub_servers_id_fk" TO "egress_ips_node_id_nodes_id_fk";--> statement-breakpoint
ALTER TABLE "node_ports" RENAME CONSTRAINT "node_ports_sub_server_id_sub_servers_id_fk" TO "node_ports_node_id_nodes_id_fk";--> statement-breakpoint
ALTER TABLE "proxies" RENAME CONSTRAINT "proxies_sub_server_id_sub_servers_id_fk" TO "proxies_node_id_nodes_id_fk";--> statement-breakpoint
ALTER TABLE "node_ports" RENAME CONSTRAINT "node_ports_sub_server_id_port_pk" TO "node_ports_node_id_port_pk";--> statement-breakpoint
ALTER TABLE "traffic_reports" RENAME CONSTRAINT "traffic_reports_sub_server_id_report_id_pk" TO "traffic_reports_node_id_report_id_pk";
