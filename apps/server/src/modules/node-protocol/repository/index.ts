/** Every SQL statement of the node protocol: node authentication, the change log and traffic. */
export * from './credentials.js';
export * from './events.js';
