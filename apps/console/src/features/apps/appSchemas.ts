import { z } from 'zod'

/** An app of this server, as `/api/v1/console/apps` lists it (camelCased by the SDK). */
export const consoleAppSchema = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(['development', 'production']),
  loginMethods: z.array(z.string()),
  allowedOrigins: z.array(z.string()),
  createdAt: z.string(),
})
export type ConsoleApp = z.infer<typeof consoleAppSchema>

export const consoleAppListSchema = z.object({ data: z.array(consoleAppSchema) })
