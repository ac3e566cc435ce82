pub mod job_cursor;
pub mod rebate;
pub mod rebate_batch;
pub mod welfare_claim;
pub mod welfare_sign_in_day;
pub mod welfare_task;
